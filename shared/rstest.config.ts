import { uiProject } from './rstest.ui';

// The kit, the facades and the stores; the pure helpers run in happy-dom just as well.
export default uiProject('shared');
