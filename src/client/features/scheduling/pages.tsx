export { InterviewPage } from './interview-page';
