import { BlogCreate } from './BlogCreate';
import { BlogEdit } from './BlogEdit';
import { BlogList } from './BlogList';

/** Edit lives at /admin/blog/edit/{id}, a child route of the resource (see AdminConsole). */
export default { list: BlogList, create: BlogCreate, edit: BlogEdit };
