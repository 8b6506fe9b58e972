// The entry of wall.html: the wall display alone, without the app's shell and screens.
import { startWall } from './start-wall';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('wall.html has no #root element');
void startWall(root);
