import {
  lazadaPushSignature,
  lazadaSign,
  lazadaStringToSign,
} from '@server/integrations/lazada/lazada.sign';
import {
  shopeeBaseString,
  shopeeHmac,
  shopeePushSignature,
  shopeeSign,
} from '@server/integrations/shopee/shopee.sign';
import {
  tiktokPushSignature,
  tiktokSign,
  tiktokStringToSign,
} from '@server/integrations/tiktok/tiktok.sign';
import { describe, expect, it } from 'vitest';

// The test vectors of the integration reference (§7), each from the platform's documentation or an
// SDK's test, or computed independently where the platform publishes no key.

describe('Lazada signing', () => {
  it('V-LZ-1: the HTTP request sample of the documentation', () => {
    const params = {
      app_key: '123456',
      access_token: 'test',
      timestamp: '1517820392000',
      sign_method: 'sha256',
      order_id: '1234',
    };
    expect(lazadaStringToSign('/order/get', params)).toBe(
      '/order/getaccess_tokentestapp_key123456order_id1234sign_methodsha256timestamp1517820392000',
    );
    expect(lazadaSign('helloworld', '/order/get', params)).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('V-LZ-2 and V-LZ-3: parameters sorted in ASCII order, sign left out', () => {
    const params = { foo: '1', bar: '2', foo_bar: '3', foobar: '4', sign: 'ignored' };
    expect(lazadaStringToSign('/test/api', params)).toBe('/test/apibar2foo1foo_bar3foobar4');
    expect(lazadaSign('1234', '/test/api', params)).toBe(
      '988085883BF9D32D251478D23122C7ECC91518CDF63BA22F792000A378F52409',
    );
    expect(lazadaSign('helloworld', '/test/api', params)).toBe(
      'BD011266EC150C787B2201495AA2D6F326BB6910DE77E84EA28F5215DCD7FA5E',
    );
  });

  it('V-LZ-4: a POST payload is an ordinary signed parameter', () => {
    const params = {
      app_key: '123456',
      access_token: 'test',
      timestamp: '1517820392000',
      sign_method: 'sha256',
      payload: '<Request><Product><PrimaryCategory>10002019</PrimaryCategory></Product></Request>',
    };
    expect(lazadaSign('helloworld', '/product/create', params)).toBe(
      '2AA0F8F5BAA171E74850F45A36F2B86626402C042AD6D32CFBC5DDAE04206745',
    );
  });

  it('V-LZ-5: a push is signed over app key and raw body, lower-case', () => {
    const body =
      '{"seller_id":"1234567","message_type":0,"data":{"order_status":"unpaid","status_update_time":1603698638,"trade_order_id":"260422900198363","trade_order_line_id":"260422900298363"},"timestamp":1603766859530,"site":"lazada_vn"}';
    expect(lazadaPushSignature('123456', '3412gyo124goi3124', body)).toBe(
      '64ffc8b10a9921ded17f88bb861dd1c2d879514c51c6731946becba319ec6b63',
    );
  });

  it('drops empty values, as the official samples do', () => {
    expect(lazadaStringToSign('/x', { a: '1', b: '', c: '3' })).toBe('/xa1c3');
  });
});

describe('Shopee signing', () => {
  it('V-SP-0: the raw HMAC with the partner key as UTF-8 text', () => {
    expect(
      shopeeHmac(
        'test_partner_key',
        '/api/v2/auth/token/get123456test_partner_idtest_shop_idtest_main_account_id',
      ),
    ).toBe('37c864bd9821ff5f2c2f46b2faca14eb1811a718d1fdc6dcf383cba7c74bf9e9');
  });

  it('V-SP-1: a shop API base string and sign', () => {
    const input = {
      partnerId: 2001887,
      path: '/api/v2/shop/get_shop_info',
      timestamp: 1655714431,
      accessToken: '59777174636562737266615546704c6d',
      scopeId: 14701711,
    };
    expect(shopeeBaseString('shop', input)).toBe(
      '2001887/api/v2/shop/get_shop_info165571443159777174636562737266615546704c6d14701711',
    );
    expect(shopeeSign('test_partner_key', 'shop', input)).toBe(
      '9fdae5aeed86e753249982ec04aa54339280f12d3f456b9e3f7d8ee91e66a2b3',
    );
  });

  it('V-SP-2: a merchant API signs the merchant id in place of the shop id', () => {
    const input = {
      partnerId: 2001887,
      path: '/api/v2/global_product/get_category',
      timestamp: 1655714431,
      accessToken: '09777174636962737266615546704c6d',
      scopeId: 1000000,
    };
    expect(shopeeBaseString('merchant', input)).toBe(
      '2001887/api/v2/global_product/get_category165571443109777174636962737266615546704c6d1000000',
    );
    expect(shopeeSign('test_partner_key', 'merchant', input)).toBe(
      'acd5a420a62ce9d730d869464ecd8e0cc66698e31175baf1b755007c90d0bd35',
    );
  });

  it('V-SP-3: a public API (the authorization link) signs partner id, path and time only', () => {
    const input = {
      partnerId: 847892,
      path: '/api/v2/shop/auth_partner',
      timestamp: 1594897040,
      accessToken: 'never-signed',
      scopeId: 1,
    };
    expect(shopeeBaseString('public', input)).toBe('847892/api/v2/shop/auth_partner1594897040');
    expect(
      shopeeSign(
        '57615053704d6470644f554a78656d50484143644964436a5568777544524579',
        'public',
        input,
      ),
    ).toBe('8a5f33b4892e285c348a19b4bcd3e1d4b760a67e1e36d016c4361d3d4cbd0c21');
  });

  it('V-SP-4: a push is signed over the callback URL, a bar and the raw body', () => {
    const body =
      '{"shop_id":123,"code":3,"data":{"ordersn":"2204215JYEEFW0","status":"READY_TO_SHIP","update_time":1650000000},"timestamp":1650000001}';
    expect(shopeePushSignature('test_partner_key', 'https://example.com/shopee/push', body)).toBe(
      '60ecc17f4f2664b9b50193a6154f5c9566b811ee675ca84ba80eb3ad86ab6680',
    );
  });

  it('keeps leading zeros: every sign is 64 hex characters', () => {
    for (let timestamp = 1_700_000_000; timestamp < 1_700_000_040; timestamp += 1) {
      const sign = shopeeSign('k', 'public', { partnerId: 1, path: '/p', timestamp });
      expect(sign).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('TikTok Shop signing', () => {
  it('V-TT-1: the official example', () => {
    const query = { app_key: '29a39d', timestamp: '1623812664' };
    expect(tiktokStringToSign('e59af819cc', '/authorization/202309/shops', query, null)).toBe(
      'e59af819cc/authorization/202309/shopsapp_key29a39dtimestamp1623812664e59af819cc',
    );
    expect(tiktokSign('e59af819cc', '/authorization/202309/shops', query, null)).toBe(
      'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8',
    );
  });

  it('V-TT-2: sign and access_token are never signed', () => {
    const query = {
      app_key: '123456',
      timestamp: '1234567890',
      access_token: 'not-signed',
      sign: 'not-signed',
    };
    expect(tiktokSign('abc000def111', '/authorization/202309/shops', query, null)).toBe(
      'c8767e4fd7a1b48a0ce3fd23197f058159ce11b53f1ae1ad6d1ec931a1da5540',
    );
  });

  it('V-TT-3: a JSON body is appended exactly as sent', () => {
    const query = {
      app_key: '68xu9ks5p4i8',
      shop_cipher: 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIK',
      timestamp: '1696909648',
    };
    const body = '{"address":"https://partner.tiktokshop.com","event_type":"PACKAGE_UPDATE"}';
    expect(tiktokSign('e59af819cc', '/event/202309/webhooks', query, body)).toBe(
      'cd0d6268252f4ba293bf7ea4c0a2873bf9beec600d22530638564ab301435f7a',
    );
  });

  it('a push signature is HMAC over app key and raw body', () => {
    // The same construction as Lazada's push, which has a published vector (V-LZ-5).
    const body = '{"type":1}';
    expect(tiktokPushSignature('123456', '3412gyo124goi3124', body)).toBe(
      lazadaPushSignature('123456', '3412gyo124goi3124', body),
    );
  });
});
