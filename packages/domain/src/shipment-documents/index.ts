export * from './shipment-documents';
