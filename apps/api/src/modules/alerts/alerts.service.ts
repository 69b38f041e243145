// What other modules may use of the alerts module.
export { deliveryDailyCounts, firstDeliveryDay, type DeliveryDay } from './delivery-figures.ts'
