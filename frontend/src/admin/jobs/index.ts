import { JobList } from './JobList';

export default { list: JobList };
