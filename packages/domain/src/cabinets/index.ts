export * from './keys';
export * from './ops';
export * from './pcc';
export { type CabinetStage, cabinetStageCloseSchema, cabinetStageSchema } from './shared';
export * from './users';
