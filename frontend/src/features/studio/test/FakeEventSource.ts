// Moved to src/test (shared by the studio and the library's ad formats).
export { FakeEventSource } from '../../../test/FakeEventSource';
