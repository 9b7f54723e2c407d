export { asSystem, type CallContext, requestContext } from './context';
export * from './engine';
export { dictionaryColumns, listIndexes, searchTextColumn } from './indexes';
export { containsPattern, listQueryOf } from './query';
export { checkReferences } from './references';
export { type RegisteredResource, ResourceRegistry } from './registry';
export { defineUseCase, type UseCase, type UseCaseContext, userOf } from './use-case';
