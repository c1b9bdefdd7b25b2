export {
  cartItems,
  catalogueCategories,
  catalogueFollows,
  catalogueProducts,
  catalogueSkus,
  catalogueSuppliers,
  catalogueTokenNewest,
  catalogueTokenPrice,
  catalogueTokenStats,
  catalogueTokenTop,
} from './catalogue';
export { collectedProducts, pluginSettings } from './collector';
export { coupons } from './coupons';
export { files } from './files';
export { mailOutbox } from './mail';
export { orderPushes } from './order-pushes';
export { orderReturns, orderSubmissions, purchaseLinks, serviceOrders } from './orders';
export { paymentCallbacks, paymentOrders, tradeOrders } from './payments';
export {
  media,
  productListVersions,
  productStatusCounts,
  products,
  shopProductSettings,
} from './products';
export { purchases } from './purchases';
export {
  sandbox,
  sandboxMarketplaceCodes,
  sandboxMarketplaceTokens,
  sandboxOrders,
  sandboxPayments,
  sandboxProducts,
  sandboxSellers,
  sandboxShops,
  sandboxWechatCodes,
  sandboxWechatQrTickets,
  sandboxWechatTokens,
  sandboxWechatUsers,
} from './sandbox';
export { oauthStates, rateLimits, wechatBindTickets } from './security';
export { servicePriceLists, serviceProofs, serviceSteps } from './services';
export { sessions } from './sessions';
export {
  activityEvents,
  announcements,
  announcementViews,
  configValues,
  guideProgress,
  helpArticles,
  messageSubscriptions,
  messages,
  shortLinks,
} from './shell';
export {
  platformOrders,
  shopAuthorizations,
  shopAuthStates,
  shopSync,
  shops,
  syncRuns,
  userShops,
} from './shops';
export { sites } from './sites';
export { users } from './users';
export { captchaChallenges, verificationCodes, verificationTickets } from './verification';
export {
  exchangeRates,
  idempotencyKeys,
  ledgerAccountChecks,
  ledgerChecks,
  ledgerEntries,
  ledgerPostings,
  walletFreezes,
  wallets,
} from './wallet';
export {
  warehouseCharges,
  warehouseOrders,
  warehouseStock,
  warehouses,
  warehouseUsage,
} from './warehouses';
