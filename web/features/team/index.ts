export { MyTeamPage } from './my-team-page';
