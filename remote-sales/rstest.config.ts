import { uiProject } from '../shared/rstest.ui';

export default uiProject('remote-sales');
