/** A LIKE/ILIKE pattern that matches `text` literally anywhere: %, _ and \ in it lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
