// What the cabinets share: the event log, the file door, the job's stages, the money documents.
export { cabinetActorOf, logCabinetEvent } from './events';
export { cabinetFileDoor, sendCabinetFile } from './file-door';
export { cabinetJobStageRoutes } from './job-stages';
export { cabinetMoneyDocumentService } from './money-documents';
