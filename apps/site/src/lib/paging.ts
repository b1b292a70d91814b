/** Stories per page of the archive and topic lists (keeps every list page small). */
export const STORY_PAGE_SIZE = 30;
