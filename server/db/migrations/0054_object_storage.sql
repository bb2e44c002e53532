ALTER TABLE "document_blobs" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "small" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "medium" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "large" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_blobs" ADD COLUMN "storage" varchar(8) DEFAULT 'db' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "logo_storage" varchar(8) DEFAULT 'db' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "storage" varchar(8) DEFAULT 'db' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_blobs" ADD CONSTRAINT "document_blobs_storage_check" CHECK (("document_blobs"."storage" = 'db' and "document_blobs"."content" is not null) or ("document_blobs"."storage" = 's3' and "document_blobs"."content" is null));--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_storage_check" CHECK (("product_images"."storage" = 'db' and "product_images"."small" is not null and "product_images"."medium" is not null and "product_images"."large" is not null) or ("product_images"."storage" = 's3' and "product_images"."small" is null and "product_images"."medium" is null and "product_images"."large" is null));