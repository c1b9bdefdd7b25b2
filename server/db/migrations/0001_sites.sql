-- Sites of spec section 3: the opened marketplaces, then the warehouse-only sites (isAll=1).
INSERT INTO "sites" ("code", "language", "currency", "symbol", "opened", "sort_order") VALUES
  ('th', 'th', 'THB', '฿', true, 10),
  ('my', 'en', 'MYR', 'RM', true, 20),
  ('vn', 'en', 'VND', '₫', true, 30),
  ('sg', 'en', 'SGD', 'S$', true, 40),
  ('id', 'en', 'IDR', 'Rp', true, 50),
  ('ph', 'en', 'PHP', '₱', true, 60),
  ('cn', 'zh', 'CNY', '¥', true, 70),
  ('tw', 'zh', 'CNY', '¥', false, 80),
  ('gb', 'en', 'GBP', '£', false, 90),
  ('pl', 'en', NULL, NULL, false, 100),
  ('br', 'en', NULL, NULL, false, 110);
