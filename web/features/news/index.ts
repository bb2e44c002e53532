// Admin screens only: the news the member dashboard shows (news/admin), lazy in the admin portal (web/app/admin).
export {};
