import type { UserDto } from '@brandloom/contracts';
import type { User } from './entities/user.entity';

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar_url: user.avatar_url,
    is_admin: user.is_admin,
    created_at: new Date(user.created_at).toISOString(),
  };
}
