export * from './client.ts'
export * from './errors.ts'
export * from './creators.ts'
export * from './auth.ts'
