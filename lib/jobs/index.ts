export { isJobStarted, registerJob, startJobs, triggerJob, type JobDefinition } from './registry';
