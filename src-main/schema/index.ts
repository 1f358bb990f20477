export * from './scalar';
export * from './records';
export * from './types';
export * from './namespaces';
export * from './operations';
export * from './wsdl';
