import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  listAnnouncements,
  listUnseenPopups,
  markPopupsSeen,
  saveAnnouncement,
} from './notices.service';

/**
 * Announcements are published to everyone: any signed-in account reads them in its language.
 * Popups are tracked per account (each pops up once). Publishing is for operators only.
 */
export const noticesRoutes = [
  defineRoute(endpoints.notices.list, async ({ c, deps, query }) =>
    ok(c, await listAnnouncements(deps, null, { ...query, language: c.var.t.language })),
  ),
  defineRoute(endpoints.notices.popups, async ({ c, deps, actor }) =>
    ok(c, await listUnseenPopups(deps, actor, { language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.notices.markPopupsSeen,
    {
      // Announcements belong to no account: anyone may mark one seen for itself only.
      notObjects: ['announcementIds'],
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await markPopupsSeen(deps, actor, json.announcementIds)),
  ),
  defineRoute(
    endpoints.notices.save,
    {
      // Announcements are global content edited by operators, not objects an account owns.
      notObjects: ['id'],
    },
    async ({ c, deps, actor, json }) => ok(c, await saveAnnouncement(deps, actor, json), 'saved'),
  ),
];
