import type { Language } from '@shared/contracts/languages';
import type { AppDeps } from '../context';
import { helpArticles } from '../db/schema/index';
import { saveHelpArticle } from '../modules/help/help.service';

type Article = Record<Language, { title: string; content: string }>;

/** The help centre's first articles, in list order, each in every language. */
const DEMO_ARTICLES: Article[] = [
  {
    zh: {
      title: '如何授权 Lazada、Shopee 和 TikTok 店铺',
      content:
        '<p>授权店铺后，系统才能同步您的商品和订单。</p><ol><li>进入 <strong>第三方平台 → 店铺授权</strong>，点击“授权店铺”。</li><li>选择平台和站点，跳转到平台登录页并使用店铺主账号登录。</li><li>在平台页面确认授权，完成后自动返回卖家中心并显示授权结果。</li></ol><p>Lazada 多站点授权须使用马来西亚站账号。一个店铺只能被一个卖家中心账号授权。</p>',
    },
    th: {
      title: 'วิธีอนุญาตร้าน Lazada, Shopee และ TikTok',
      content:
        '<p>ระบบจะซิงค์สินค้าและคำสั่งซื้อได้ก็ต่อเมื่อคุณอนุญาตร้านค้าแล้ว</p><ol><li>ไปที่ <strong>แพลตฟอร์มภายนอก → การอนุญาตร้านค้า</strong> แล้วคลิก “อนุญาตร้านค้า”</li><li>เลือกแพลตฟอร์มและไซต์ ระบบจะพาไปยังหน้าเข้าสู่ระบบของแพลตฟอร์ม ให้เข้าสู่ระบบด้วยบัญชีหลักของร้าน</li><li>ยืนยันการอนุญาตบนหน้าแพลตฟอร์ม แล้วระบบจะกลับมาที่ศูนย์ผู้ขายพร้อมแสดงผลการอนุญาต</li></ol><p>การอนุญาต Lazada หลายประเทศต้องใช้บัญชีไซต์มาเลเซีย ร้านหนึ่งร้านอนุญาตได้กับบัญชีศูนย์ผู้ขายเพียงบัญชีเดียว</p>',
    },
    en: {
      title: 'How to authorize Lazada, Shopee and TikTok shops',
      content:
        '<p>Products and orders sync only once a shop is authorized.</p><ol><li>Go to <strong>Marketplaces → Shop authorization</strong> and click “Authorize shop”.</li><li>Choose the marketplace and site; sign in on the marketplace’s page with the shop’s main account.</li><li>Confirm the authorization there; you come back to Seller Center, which shows the result.</li></ol><p>Lazada multi-site authorization needs the Malaysia-site account. A shop can be authorized by one Seller Center account only.</p>',
    },
  },
  {
    zh: {
      title: '店铺授权状态显示“异常”怎么办',
      content:
        '<p>授权状态为 <strong>异常</strong> 通常是因为平台授权已过期、被撤销，或店铺密码已修改。</p><ul><li>在店铺授权列表中找到该店铺，点击“重新授权”。</li><li>授权异常期间无法同步订单和发布商品。</li><li>如重新授权提示已被他人授权，请确认店铺归属后重试。</li></ul>',
    },
    th: {
      title: 'สถานะการอนุญาตร้านค้าแสดงว่า “ผิดปกติ” ต้องทำอย่างไร',
      content:
        '<p>สถานะ <strong>ผิดปกติ</strong> มักเกิดจากการอนุญาตบนแพลตฟอร์มหมดอายุ ถูกยกเลิก หรือมีการเปลี่ยนรหัสผ่านร้านค้า</p><ul><li>ค้นหาร้านในรายการการอนุญาตร้านค้า แล้วคลิก “อนุญาตใหม่”</li><li>ระหว่างที่สถานะผิดปกติ จะซิงค์คำสั่งซื้อและลงขายสินค้าไม่ได้</li><li>หากระบบแจ้งว่าร้านได้รับอนุญาตโดยผู้อื่นแล้ว โปรดตรวจสอบความเป็นเจ้าของร้านแล้วลองอีกครั้ง</li></ul>',
    },
    en: {
      title: 'My shop’s authorization shows “abnormal”',
      content:
        '<p>An <strong>abnormal</strong> authorization usually means the marketplace authorization expired or was revoked, or the shop’s password changed.</p><ul><li>Find the shop in the authorization list and click “Re-authorize”.</li><li>While it is abnormal, orders do not sync and products cannot be published.</li><li>If re-authorizing says someone else already authorized the shop, check who owns it and try again.</li></ul>',
    },
  },
  {
    zh: {
      title: '使用采集插件采集商品',
      content:
        '<p>采集插件支持 Chrome 和 360 浏览器，可从 <strong>1688、速卖通、Shopee、Lazada 和拼多多</strong> 的商品详情页采集商品。</p><ol><li>在 <strong>商品 → 采集箱</strong> 点击“下载插件”，按提示安装。</li><li>登录卖家中心后，打开任意支持的商品详情页，点击页面右侧的“采集”按钮。</li><li>采集成功的商品会出现在采集箱中，状态为“未认领”。</li></ol><p>如遇登录验证或滑块验证，请先在该网站完成验证再采集。</p>',
    },
    th: {
      title: 'ดึงข้อมูลสินค้าด้วยปลั๊กอินเก็บสินค้า',
      content:
        '<p>ปลั๊กอินใช้ได้กับ Chrome และเบราว์เซอร์ 360 ดึงสินค้าจากหน้ารายละเอียดสินค้าของ <strong>1688, AliExpress, Shopee, Lazada และ Pinduoduo</strong></p><ol><li>ไปที่ <strong>สินค้า → กล่องเก็บสินค้า</strong> คลิก “ดาวน์โหลดปลั๊กอิน” แล้วติดตั้งตามขั้นตอน</li><li>เข้าสู่ระบบศูนย์ผู้ขาย เปิดหน้ารายละเอียดสินค้าที่รองรับ แล้วคลิกปุ่ม “เก็บสินค้า” ด้านขวาของหน้า</li><li>สินค้าที่เก็บสำเร็จจะอยู่ในกล่องเก็บสินค้า ในสถานะ “ยังไม่ได้นำเข้า”</li></ol><p>หากเว็บไซต์ขอให้เข้าสู่ระบบหรือยืนยันตัวตน โปรดทำให้เสร็จก่อนเก็บสินค้า</p>',
    },
    en: {
      title: 'Collecting products with the browser plug-in',
      content:
        '<p>The collector plug-in works in Chrome and the 360 browser and collects products from product pages on <strong>1688, AliExpress, Shopee, Lazada and Pinduoduo</strong>.</p><ol><li>In <strong>Products → Collection box</strong>, click “Download plug-in” and install it as shown.</li><li>Signed in to Seller Center, open a supported product page and click the “Collect” button on the right.</li><li>Collected products appear in the collection box as “unclaimed”.</li></ol><p>If the site asks you to sign in or solve a captcha, do that first, then collect.</p>',
    },
  },
  {
    zh: {
      title: '将采集的商品认领到店铺',
      content:
        '<p>认领即把采集箱中的商品复制到指定店铺，生成待发布的平台商品。</p><ul><li>在采集箱勾选商品，点击“认领”，选择一个或多个店铺。</li><li>认领后可在平台商品中编辑标题、价格、库存和图片（最多 8 张，每张不超过 2MB）。</li><li>编辑完成后点击“发布”，商品状态会从“待发布”变为“发布中”，成功后为“在售”。</li></ul>',
    },
    th: {
      title: 'นำสินค้าที่เก็บไว้เข้าร้านค้า',
      content:
        '<p>การนำเข้าคือการคัดลอกสินค้าจากกล่องเก็บสินค้าไปยังร้านที่เลือก เพื่อสร้างสินค้ารอลงขายบนแพลตฟอร์ม</p><ul><li>เลือกสินค้าในกล่องเก็บสินค้า คลิก “นำเข้า” แล้วเลือกร้านค้าหนึ่งร้านหรือหลายร้าน</li><li>หลังนำเข้า แก้ไขชื่อ ราคา สต็อก และรูปภาพ (สูงสุด 8 รูป รูปละไม่เกิน 2MB) ได้ในสินค้าบนแพลตฟอร์ม</li><li>เมื่อแก้ไขเสร็จ คลิก “ลงขาย” สถานะจะเปลี่ยนจาก “รอลงขาย” เป็น “กำลังลงขาย” และเป็น “กำลังขาย” เมื่อสำเร็จ</li></ul>',
    },
    en: {
      title: 'Claiming collected products into a shop',
      content:
        '<p>Claiming copies a product from the collection box into the shops you choose, as a marketplace product waiting to be published.</p><ul><li>Tick products in the collection box, click “Claim” and choose one or more shops.</li><li>Then edit the title, price, stock and images (up to 8, 2 MB each) in Marketplace products.</li><li>Click “Publish”: the status goes from “to be released” to “pushing”, and “online” once it succeeds.</li></ul>',
    },
  },
  {
    zh: {
      title: '同步平台订单',
      content:
        '<p>平台订单每隔几分钟自动同步一次，也可以手动同步：</p><ol><li>进入 <strong>第三方平台 → 平台订单</strong>，点击“同步订单”。</li><li>选择店铺和时间范围，默认同步 <strong>最近 15 天</strong>，也可以自定义。</li><li>同步完成后，订单按状态分布在 全部、待处理、待发货、运输中、已发货、已完成、异常、已取消 等标签页中。</li></ol><p>提示“店铺授权已失效”时，请先重新授权店铺。</p>',
    },
    th: {
      title: 'ซิงค์คำสั่งซื้อจากแพลตฟอร์ม',
      content:
        '<p>คำสั่งซื้อจากแพลตฟอร์มจะซิงค์อัตโนมัติทุกไม่กี่นาที และคุณซิงค์เองได้:</p><ol><li>ไปที่ <strong>แพลตฟอร์มภายนอก → คำสั่งซื้อบนแพลตฟอร์ม</strong> แล้วคลิก “ซิงค์คำสั่งซื้อ”</li><li>เลือกร้านและช่วงเวลา ค่าเริ่มต้นคือ <strong>15 วันล่าสุด</strong> หรือกำหนดเองได้</li><li>เมื่อซิงค์เสร็จ คำสั่งซื้อจะแยกตามสถานะในแท็บ ทั้งหมด รอดำเนินการ รอจัดส่ง กำลังขนส่ง จัดส่งแล้ว สำเร็จ ผิดปกติ และยกเลิก</li></ol><p>หากระบบแจ้งว่าการอนุญาตร้านหมดอายุ โปรดอนุญาตร้านใหม่ก่อน</p>',
    },
    en: {
      title: 'Syncing marketplace orders',
      content:
        '<p>Marketplace orders sync by themselves every few minutes; you can also sync by hand:</p><ol><li>Go to <strong>Marketplaces → Marketplace orders</strong> and click “Sync orders”.</li><li>Choose the shop and the period: the <strong>last 15 days</strong> by default, or your own range.</li><li>Synced orders appear by status in the tabs: all, pending, waiting to ship, shipping, shipped, complete, abnormal and cancelled.</li></ol><p>If you are told the shop’s authorization expired, re-authorize the shop first.</p>',
    },
  },
  {
    zh: {
      title: '处理订单与采购申请',
      content:
        '<p>对跨境订单点击“处理”，系统会生成 <strong>采购申请</strong>，由采购员在 1688 等货源下单并发往海外仓。</p><ul><li>提交时会冻结预估金额（采购费、国内运费、国际运费、服务费）。</li><li>实际金额超过 <strong>预估金额 + 浮动金额</strong> 时，采购申请会退回给您修改（状态“待修改”）。</li><li>订单完成后按实际金额扣款，并释放冻结余额。</li></ul>',
    },
    th: {
      title: 'ดำเนินการคำสั่งซื้อและคำขอจัดซื้อ',
      content:
        '<p>เมื่อคลิก “ดำเนินการ” ที่คำสั่งซื้อข้ามพรมแดน ระบบจะสร้าง <strong>คำขอจัดซื้อ</strong> ให้เจ้าหน้าที่จัดซื้อสั่งสินค้าจากแหล่งอย่าง 1688 และส่งไปยังคลังสินค้าต่างประเทศ</p><ul><li>เมื่อส่งคำขอ ระบบจะอายัดยอดประมาณการ (ค่าสินค้า ค่าขนส่งในจีน ค่าขนส่งระหว่างประเทศ และค่าบริการ)</li><li>หากยอดจริงเกิน <strong>ยอดประมาณการ + ยอดเผื่อ</strong> คำขอจะถูกส่งกลับให้คุณแก้ไข (สถานะ “รอแก้ไข”)</li><li>เมื่อคำสั่งซื้อเสร็จสิ้น ระบบจะหักเงินตามยอดจริงและปลดยอดที่อายัดไว้</li></ul>',
    },
    en: {
      title: 'Processing orders and purchase requests',
      content:
        '<p>Click “Process” on a cross-border order and a <strong>purchase request</strong> is created: our purchasers buy the goods from sources such as 1688 and ship them to the overseas warehouse.</p><ul><li>Submitting freezes the estimated amount (purchase, domestic freight, international freight and service fees).</li><li>If the actual amount exceeds the <strong>estimate plus the float amount</strong>, the request comes back to you for changes (“to be revised”).</li><li>When the order completes, the actual amount is deducted and the frozen balance released.</li></ul>',
    },
  },
  {
    zh: {
      title: '钱包充值说明',
      content:
        '<p>在 <strong>支付 → 充值</strong> 页面可通过 <strong>微信支付、支付宝或 PromptPay</strong> 为钱包充值。</p><ul><li>选择或输入金额后生成付款二维码，使用对应 App 扫码支付。</li><li>单笔自定义充值最多 <strong>300 美元</strong>。</li><li>二维码过期请刷新；付款成功后余额通常 1 分钟内到账，可在资金流水中查看。</li></ul>',
    },
    th: {
      title: 'การเติมเงินเข้ากระเป๋าเงิน',
      content:
        '<p>ที่หน้า <strong>การชำระเงิน → เติมเงิน</strong> คุณเติมเงินได้ด้วย <strong>WeChat Pay, Alipay หรือ PromptPay</strong></p><ul><li>เลือกหรือกรอกจำนวนเงิน ระบบจะสร้าง QR Code ให้สแกนชำระด้วยแอปที่เลือก</li><li>เติมเงินแบบกำหนดเองได้สูงสุด <strong>300 ดอลลาร์สหรัฐ</strong> ต่อครั้ง</li><li>หาก QR Code หมดอายุ โปรดรีเฟรช เมื่อชำระสำเร็จ ยอดเงินมักเข้าภายใน 1 นาที ตรวจสอบได้ในประวัติการเงิน</li></ul>',
    },
    en: {
      title: 'Recharging your wallet',
      content:
        '<p>On <strong>Payments → Recharge</strong> you can top up with <strong>WeChat Pay, Alipay or PromptPay</strong>.</p><ul><li>Pick or type an amount to get a payment QR code, then scan it with the matching app.</li><li>A single custom recharge is at most <strong>USD 300</strong>.</li><li>Refresh an expired QR code. After payment the balance usually arrives within a minute; see it in Transaction history.</li></ul>',
    },
  },
  {
    zh: {
      title: '冻结金额是什么',
      content:
        '<p>提交服务订单或采购申请时，系统会冻结其 <strong>预估金额</strong>，冻结部分不能用于其他支付。</p><p>订单完成或取消时，冻结金额被释放：完成时按实际金额扣款，多余部分退回可用余额。</p><p><strong>可用余额 = 余额 − 冻结金额</strong>。冻结明细可在资金流水中导出。</p>',
    },
    th: {
      title: 'ยอดอายัดคืออะไร',
      content:
        '<p>เมื่อส่งคำสั่งบริการหรือคำขอจัดซื้อ ระบบจะอายัด <strong>ยอดประมาณการ</strong> ไว้ และจะนำยอดที่อายัดไปใช้ชำระอย่างอื่นไม่ได้</p><p>เมื่อคำสั่งเสร็จสิ้นหรือถูกยกเลิก ยอดอายัดจะถูกปลด หากเสร็จสิ้นจะหักตามยอดจริง ส่วนที่เหลือคืนเข้ายอดที่ใช้ได้</p><p><strong>ยอดที่ใช้ได้ = ยอดคงเหลือ − ยอดอายัด</strong> ส่งออกรายละเอียดการอายัดได้จากประวัติการเงิน</p>',
    },
    en: {
      title: 'What is the frozen amount?',
      content:
        '<p>When you submit a service order or a purchase request, its <strong>estimated amount</strong> is frozen and cannot pay for anything else.</p><p>When the order completes or is cancelled the freeze is released: on completion the actual amount is deducted and the rest returns to your available balance.</p><p><strong>Available = balance − frozen</strong>. Export the freeze details from Transaction history.</p>',
    },
  },
  {
    zh: {
      title: '开通、升级和降级海外仓',
      content:
        '<p>海外仓按月付费，最小容量 <strong>1 立方米</strong>（1 CBM 按 350 KG 计），月费在每月 1 日扣除。</p><ul><li><strong>开通</strong>：月中开通按剩余天数计费。</li><li><strong>升级</strong>：立即生效，本月差价按天收取。</li><li><strong>降级</strong>：下月生效，同月多次降级以最后一次为准。</li><li><strong>取消包月</strong>：下月 1 日起停止续费。</li></ul>',
    },
    th: {
      title: 'เปิด อัปเกรด และดาวน์เกรดคลังสินค้าต่างประเทศ',
      content:
        '<p>คลังสินค้าต่างประเทศคิดค่าบริการรายเดือน ขนาดขั้นต่ำ <strong>1 ลูกบาศก์เมตร</strong> (1 CBM เท่ากับ 350 กก.) หักค่าบริการทุกวันที่ 1 ของเดือน</p><ul><li><strong>เปิดใช้งาน</strong>: เปิดกลางเดือนคิดตามจำนวนวันที่เหลือ</li><li><strong>อัปเกรด</strong>: มีผลทันที ส่วนต่างของเดือนนี้คิดรายวัน</li><li><strong>ดาวน์เกรด</strong>: มีผลเดือนถัดไป หากดาวน์เกรดหลายครั้งในเดือนเดียวกันจะใช้ครั้งล่าสุด</li><li><strong>ยกเลิกรายเดือน</strong>: หยุดต่ออายุตั้งแต่วันที่ 1 ของเดือนถัดไป</li></ul>',
    },
    en: {
      title: 'Opening, upgrading and downgrading an overseas warehouse',
      content:
        '<p>Overseas warehouses are paid monthly, at least <strong>1 cubic metre</strong> (1 CBM counts as 350 kg); the fee is deducted on the 1st.</p><ul><li><strong>Open</strong>: opening mid-month charges the rest of the month by the day.</li><li><strong>Upgrade</strong>: takes effect at once; this month’s difference is charged by the day.</li><li><strong>Downgrade</strong>: takes effect next month; only the last downgrade of a month counts.</li><li><strong>Cancel monthly</strong>: renewal stops from the 1st of next month.</li></ul>',
    },
  },
  {
    zh: {
      title: '子账号与店铺数据权限',
      content:
        '<p>主账号可在 <strong>账号 → 用户管理</strong> 中通过手机号或邮箱创建子账号，并设置密码。</p><ul><li>为子账号分配可见的菜单和按钮，以及可操作的店铺。</li><li>子账号只能看到被分配店铺的商品、订单和退货。</li><li>可随时启用、禁用子账号或重置其密码。</li></ul>',
    },
    th: {
      title: 'บัญชีย่อยและสิทธิ์ข้อมูลร้านค้า',
      content:
        '<p>บัญชีหลักสร้างบัญชีย่อยด้วยเบอร์โทรศัพท์หรืออีเมล พร้อมตั้งรหัสผ่านได้ที่ <strong>บัญชี → จัดการผู้ใช้</strong></p><ul><li>กำหนดเมนูและปุ่มที่บัญชีย่อยมองเห็น รวมถึงร้านค้าที่ดูแลได้</li><li>บัญชีย่อยจะเห็นเฉพาะสินค้า คำสั่งซื้อ และการคืนสินค้าของร้านที่ได้รับมอบหมาย</li><li>เปิดใช้งาน ระงับ หรือรีเซ็ตรหัสผ่านของบัญชีย่อยได้ทุกเมื่อ</li></ul>',
    },
    en: {
      title: 'Sub-accounts and per-shop permissions',
      content:
        '<p>A main account creates sub-accounts by phone or e-mail, with a password, in <strong>Account → User management</strong>.</p><ul><li>Give each sub-account the menus and buttons it may use, and the shops it may work on.</li><li>A sub-account sees only the products, orders and returns of its shops.</li><li>Enable, disable or reset a sub-account’s password at any time.</li></ul>',
    },
  },
];

/**
 * The help centre's articles in zh, th and en, through the same save service operators use (with
 * no operator behind it). Does nothing when articles exist already.
 */
export async function seedHelp(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const [existing] = await deps.db.select({ id: helpArticles.id }).from(helpArticles).limit(1);
  if (existing) return;
  for (const [index, article] of DEMO_ARTICLES.entries()) {
    for (const [language, text] of Object.entries(article) as [Language, Article[Language]][]) {
      await saveHelpArticle(deps, null, { language, ...text, sort: (index + 1) * 10 });
    }
  }
}
