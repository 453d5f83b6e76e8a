import { defineModule } from '../../platform-kit/define-module.js';
import { NEWS_COMMANDS } from '../../ops/news.js';
import { newsRoutes } from './routes.js';
import { seedNews } from './seed.js';

/** Announcements: five seeded once, then published by operators. */
export const newsModule = defineModule({
  name: 'news',
  seed: ({ db, clock }) => seedNews(db, clock()),
  routes: () => ({ '/asset/api': newsRoutes }),
  opsCommands: NEWS_COMMANDS,
});
