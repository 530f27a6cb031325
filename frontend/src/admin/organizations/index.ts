import { OrganizationList } from './OrganizationList';

export default { list: OrganizationList };
