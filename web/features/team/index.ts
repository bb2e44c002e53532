export { MyTeamPage } from './my-team-page';
export { useTeamStats } from './api';
