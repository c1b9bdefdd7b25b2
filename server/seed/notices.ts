import type { Language } from '@shared/contracts/languages';
import type { AppDeps } from '../context';
import { announcements } from '../db/schema/index';
import { saveAnnouncement } from '../modules/notices/notices.service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** One announcement in every language, published this long ago (translations share the moment). */
interface DemoAnnouncement {
  ago: number;
  isPopup: boolean;
  text: Record<Language, { title: string; content: string }>;
}

const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    ago: 40 * DAY,
    isPopup: false,
    text: {
      zh: {
        title: 'Lazada 多站点授权须使用马来西亚站账号',
        content:
          '<p>为保证 Lazada 多站点店铺授权成功，请使用 <strong>马来西亚站（MY）主账号</strong> 发起授权。使用其他站点账号授权时，部分站点的店铺将无法同步。</p><p>若授权提示“该店铺已被其他账号授权”，请确认店铺归属后联系客服处理。</p>',
      },
      th: {
        title: 'การอนุญาตร้าน Lazada หลายประเทศต้องใช้บัญชีไซต์มาเลเซีย',
        content:
          '<p>เพื่อให้การอนุญาตร้าน Lazada หลายประเทศสำเร็จ โปรดเริ่มการอนุญาตด้วย <strong>บัญชีหลักของไซต์มาเลเซีย (MY)</strong> หากใช้บัญชีของไซต์อื่น ร้านค้าในบางประเทศจะซิงค์ข้อมูลไม่ได้</p><p>หากระบบแจ้งว่า “ร้านนี้ได้รับอนุญาตโดยบัญชีอื่นแล้ว” โปรดตรวจสอบความเป็นเจ้าของร้าน แล้วติดต่อฝ่ายบริการลูกค้า</p>',
      },
      en: {
        title: 'Lazada multi-site authorization needs the Malaysia-site account',
        content:
          '<p>To authorize Lazada shops on several sites at once, start the authorization with your <strong>Malaysia-site (MY) main account</strong>. Shops authorized through another site’s account will not sync on every site.</p><p>If you see “this shop is already authorized by another account”, check who owns the shop and contact customer service.</p>',
      },
    },
  },
  {
    ago: 21 * DAY,
    isPopup: false,
    text: {
      zh: {
        title: '钱包新增 PromptPay 充值方式',
        content:
          '<p>泰国站卖家现在可以通过 <strong>PromptPay</strong> 扫码为钱包充值，到账时间通常在 1 分钟以内。</p><ul><li>支持的充值方式：微信支付、支付宝、PromptPay</li><li>单笔自定义充值上限：<strong>300 美元</strong>（按当日汇率折算）</li><li>二维码过期后请刷新或重新提交</li></ul><p>前往 <a href="https://seller.example.com/cmp/pay/recharge">充值页面</a> 体验。</p>',
      },
      th: {
        title: 'เติมเงินเข้ากระเป๋าเงินด้วย PromptPay ได้แล้ว',
        content:
          '<p>ผู้ขายไซต์ไทยสามารถสแกน <strong>PromptPay</strong> เพื่อเติมเงินเข้ากระเป๋าเงินได้แล้ว โดยปกติเงินเข้าภายใน 1 นาที</p><ul><li>ช่องทางเติมเงิน: WeChat Pay, Alipay, PromptPay</li><li>เติมเงินแบบกำหนดเองได้สูงสุด <strong>300 ดอลลาร์สหรัฐ</strong> ต่อครั้ง (คิดตามอัตราแลกเปลี่ยนของวัน)</li><li>หาก QR Code หมดอายุ โปรดรีเฟรชหรือส่งคำขอใหม่</li></ul><p>ลองใช้งานได้ที่ <a href="https://seller.example.com/cmp/pay/recharge">หน้าเติมเงิน</a></p>',
      },
      en: {
        title: 'Top up your wallet with PromptPay',
        content:
          '<p>Sellers on the Thai site can now top up their wallet by scanning a <strong>PromptPay</strong> QR code; the money usually arrives within a minute.</p><ul><li>Ways to recharge: WeChat Pay, Alipay and PromptPay</li><li>A single custom recharge is at most <strong>USD 300</strong> (at the day’s exchange rate)</li><li>If a QR code expires, refresh it or submit again</li></ul><p>Try it on the <a href="https://seller.example.com/cmp/pay/recharge">recharge page</a>.</p>',
      },
    },
  },
  {
    ago: 9 * DAY,
    isPopup: false,
    text: {
      zh: {
        title: 'Shopee 商品标题规则调整',
        content:
          '<p>自本月起，Shopee 各站点对商品标题长度进行统一校验：</p><table><thead><tr><th>站点</th><th>最少字符</th><th>最多字符</th></tr></thead><tbody><tr><td>泰国、马来西亚、菲律宾</td><td>20</td><td>120</td></tr><tr><td>越南、印尼</td><td>20</td><td>120</td></tr></tbody></table><p>不符合规则的商品将发布失败，请在 <em>平台商品</em> 中修改后重新发布。</p>',
      },
      th: {
        title: 'ปรับกฎชื่อสินค้าบน Shopee',
        content:
          '<p>ตั้งแต่เดือนนี้ Shopee ทุกไซต์จะตรวจสอบความยาวชื่อสินค้าตามเกณฑ์เดียวกัน:</p><table><thead><tr><th>ไซต์</th><th>อักขระขั้นต่ำ</th><th>อักขระสูงสุด</th></tr></thead><tbody><tr><td>ไทย มาเลเซีย ฟิลิปปินส์</td><td>20</td><td>120</td></tr><tr><td>เวียดนาม อินโดนีเซีย</td><td>20</td><td>120</td></tr></tbody></table><p>สินค้าที่ไม่เป็นไปตามกฎจะลงขายไม่สำเร็จ โปรดแก้ไขใน <em>สินค้าบนแพลตฟอร์ม</em> แล้วลงขายอีกครั้ง</p>',
      },
      en: {
        title: 'Shopee product title rules updated',
        content:
          '<p>From this month on, every Shopee site checks the length of product titles the same way:</p><table><thead><tr><th>Sites</th><th>Minimum characters</th><th>Maximum characters</th></tr></thead><tbody><tr><td>Thailand, Malaysia, Philippines</td><td>20</td><td>120</td></tr><tr><td>Vietnam, Indonesia</td><td>20</td><td>120</td></tr></tbody></table><p>Products that break the rule fail to publish: edit them in <em>Marketplace products</em> and publish again.</p>',
      },
    },
  },
  {
    ago: 3 * DAY,
    isPopup: false,
    text: {
      zh: {
        title: '海外仓节假日作业安排',
        content:
          '<p>泰国曼谷海外仓在公共假期期间 <strong>暂停出库</strong>，假期前一天 15:00 前提交的出库单将当天处理。</p><ol><li>假期期间入库照常签收，上架顺延</li><li>假期结束后首个工作日优先处理积压订单</li><li>急件请提前联系客服安排</li></ol><p>感谢您的理解与支持！</p>',
      },
      th: {
        title: 'ตารางการทำงานคลังสินค้าต่างประเทศช่วงวันหยุด',
        content:
          '<p>คลังสินค้ากรุงเทพฯ จะ <strong>หยุดส่งสินค้าออก</strong> ในวันหยุดนักขัตฤกษ์ คำสั่งส่งออกที่ส่งก่อน 15:00 น. ของวันก่อนวันหยุดจะดำเนินการภายในวันนั้น</p><ol><li>ยังรับสินค้าเข้าคลังตามปกติ แต่การจัดเก็บขึ้นชั้นจะเลื่อนออกไป</li><li>วันทำการแรกหลังวันหยุดจะเร่งดำเนินการคำสั่งซื้อที่ค้างอยู่ก่อน</li><li>หากมีพัสดุด่วน โปรดติดต่อฝ่ายบริการลูกค้าล่วงหน้า</li></ol><p>ขอบคุณสำหรับความเข้าใจ</p>',
      },
      en: {
        title: 'Overseas warehouse holiday schedule',
        content:
          '<p>The Bangkok overseas warehouse <strong>does not ship out</strong> on public holidays. Outbound orders submitted before 15:00 on the day before a holiday are handled that day.</p><ol><li>Inbound parcels are still received; shelving waits until after the holiday</li><li>The backlog is handled first on the first working day after the holiday</li><li>For urgent parcels, contact customer service in advance</li></ol><p>Thank you for your understanding!</p>',
      },
    },
  },
  {
    ago: 2 * HOUR,
    isPopup: true,
    text: {
      zh: {
        title: '卖家中心全新升级',
        content:
          '<h3>欢迎使用新版卖家中心</h3><p>本次升级带来：</p><ul><li><strong>更快的订单同步</strong>：Lazada、Shopee、TikTok 订单分钟级同步</li><li><strong>帮助中心</strong>：按 <kbd>Ctrl</kbd> + <kbd>K</kbd> 搜索菜单和帮助文章，支持拼音</li><li><strong>消息订阅</strong>：自选站内信或邮件接收通知</li></ul><p>使用中遇到问题，欢迎在帮助中心查找答案或联系客服。</p>',
      },
      th: {
        title: 'ศูนย์ผู้ขายโฉมใหม่',
        content:
          '<h3>ยินดีต้อนรับสู่ศูนย์ผู้ขายเวอร์ชันใหม่</h3><p>สิ่งที่มาพร้อมการอัปเกรดครั้งนี้:</p><ul><li><strong>ซิงค์คำสั่งซื้อเร็วขึ้น</strong>: คำสั่งซื้อ Lazada, Shopee และ TikTok อัปเดตภายในไม่กี่นาที</li><li><strong>ศูนย์ช่วยเหลือ</strong>: กด <kbd>Ctrl</kbd> + <kbd>K</kbd> เพื่อค้นหาเมนูและบทความช่วยเหลือ</li><li><strong>การรับข่าวสาร</strong>: เลือกรับการแจ้งเตือนทางข้อความในระบบหรืออีเมล</li></ul><p>หากพบปัญหา ค้นหาคำตอบได้ในศูนย์ช่วยเหลือ หรือติดต่อฝ่ายบริการลูกค้า</p>',
      },
      en: {
        title: 'Meet the new Seller Center',
        content:
          '<h3>Welcome to the new Seller Center</h3><p>This upgrade brings:</p><ul><li><strong>Faster order sync</strong>: Lazada, Shopee and TikTok orders arrive within minutes</li><li><strong>Help centre</strong>: press <kbd>Ctrl</kbd> + <kbd>K</kbd> to search menus and help articles</li><li><strong>Message subscriptions</strong>: choose site messages or e-mail for each kind of notice</li></ul><p>If something is unclear, look it up in the help centre or contact customer service.</p>',
      },
    },
  },
];

/**
 * Demo announcements in zh, th and en (one popup, the others in the list), through the same save
 * service operators use. Does nothing when announcements exist already.
 */
export async function seedNotices(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const [existing] = await deps.db.select({ id: announcements.id }).from(announcements).limit(1);
  if (existing) return;
  const now = deps.clock.now().getTime();
  for (const demo of DEMO_ANNOUNCEMENTS) {
    const showTime = new Date(now - demo.ago);
    for (const [language, text] of Object.entries(demo.text) as [
      Language,
      DemoAnnouncement['text'][Language],
    ][]) {
      await saveAnnouncement(deps, null, {
        language,
        ...text,
        isPopup: demo.isPopup,
        showTime,
      });
    }
  }
}
