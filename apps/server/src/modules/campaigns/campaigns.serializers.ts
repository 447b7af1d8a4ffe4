import type { CampaignRecord, CampaignShipping } from "@atendo/shared";
import type { MediaStorage } from "../../media/storage.js";
import type { CampaignListed, ShippingRow } from "./campaigns.repository.js";

export function campaignRecord(media: Pick<MediaStorage, "publicUrl">, listed: CampaignListed): CampaignRecord {
  const { campaign } = listed;
  return {
    id: campaign.id,
    name: campaign.name,
    message1: campaign.message1,
    message2: campaign.message2,
    message3: campaign.message3,
    message4: campaign.message4,
    message5: campaign.message5,
    status: campaign.status,
    scheduledAt: campaign.scheduledAt?.toISOString() ?? null,
    completedAt: campaign.completedAt?.toISOString() ?? null,
    whatsappId: campaign.whatsappId,
    contactListId: campaign.contactListId,
    tagId: campaign.tagId,
    fileListId: campaign.fileListId,
    companyId: campaign.companyId,
    mediaPath: campaign.mediaPath ? media.publicUrl(campaign.mediaPath) : null,
    mediaName: campaign.mediaName,
    template: campaign.template,
    contactList: listed.contactList,
    whatsapp: listed.whatsapp,
    progress: listed.progress,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
  };
}

export function shippingRecord(row: ShippingRow): CampaignShipping {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    message: row.message,
    variant: row.variant + 1,
    sendAt: row.sendAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    error: row.error,
  };
}
