export * from './catalogue';
export * from './report';
