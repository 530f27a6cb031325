import { standInLine, type StandInsResponse } from '@brandloom/contracts';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { useUser } from '../lib/auth';

/**
 * For administrators: the services running as built-in stand-ins and the variable that switches each
 * (as `npm start` prints them). Members see nothing: there is nothing they can set.
 */
export function StandInsNotice() {
  const { data: user } = useUser();
  const isAdmin = Boolean(user?.is_admin);
  const { data } = useQuery({ queryKey: ['/api/admin/stand-ins'], queryFn: () => apiRequest<StandInsResponse>('GET', '/api/admin/stand-ins'), enabled: isAdmin, staleTime: 60_000 });
  if (!isAdmin || !data?.standIns.length) return null;
  return (
    <Alert severity="info" data-testid="stand-ins" sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle>Running with stand-ins</AlertTitle>
      Set a variable in <code>.env</code> (or the environment) and restart Brandloom to use the real service.
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {data.standIns.map((standIn) => (
          <li key={standIn.variable}>{standInLine(standIn)}</li>
        ))}
      </Box>
    </Alert>
  );
}
