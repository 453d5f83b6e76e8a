import { provideRemoteSlots } from './remote-slots';

beforeEach(() => provideRemoteSlots());
