import {
  type MetaAdAccountDto,
  type MetaAdSetDto,
  type MetaAuthUrlResponse,
  type MetaCampaignDto,
  type MetaCampaignsResponse,
  type MetaDataDeletionResponse,
  type MetaDataDeletionStatusDto,
  type MetaPageDto,
  type MetaPushAcceptedResponse,
  type MetaPushAdsResponse,
  type MetaPushDto,
  type MetaPushesResponse,
  type MetaPushFiguresDto,
  type MetaPushResponse,
  type MetaStatusResponse,
} from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { boolean, componentRef, integer, listOf, nullableText, objectOf, text } from './v1-schemas';

const time = text({ format: 'date-time' });
const nullableTime = nullableText({ format: 'date-time' });
const nullableNumber: SchemaObject = { type: 'number', nullable: true };

/** The Meta integration: the connection, its ad accounts and campaigns, pushes and their figures, Meta's data-deletion callback. */
export const META_SCHEMAS = {
  MetaStatus: objectOf<MetaStatusResponse>({
    connected: boolean(),
    plan_allows: boolean({ description: 'Whether the organization’s plan includes the integration' }),
    configured: boolean({ description: 'Whether this server has a Meta app configured' }),
    expired: boolean({ description: 'Meta refused the token: reconnect' }),
    metaUser: { ...objectOf<{ id: string; name: string }>({ id: text(), name: text() }), nullable: true },
    connectedAt: nullableTime,
    adAccounts: listOf(objectOf<MetaAdAccountDto>({ id: text(), name: text(), status: integer({ description: 'Meta’s account_status: 1 is active' }), currency: text() })),
    pages: listOf(objectOf<MetaPageDto>({ id: text(), name: text() })),
    lastSync: nullableTime,
  }),
  MetaAuthUrl: objectOf<MetaAuthUrlResponse>({ loginUrl: text({ description: 'Meta’s sign-in page; it sends the browser back to /api/meta/callback' }) }),
  MetaCampaigns: objectOf<MetaCampaignsResponse>({
    campaigns: listOf(objectOf<MetaCampaignDto>({ id: text(), name: text(), status: text(), objective: nullableText(), adsets: listOf(objectOf<MetaAdSetDto>({ id: text(), name: text(), status: text() })) })),
  }),
  MetaPush: objectOf<MetaPushDto>(
    {
      id: text(),
      status: text({ enum: ['pending', 'running', 'completed', 'failed'] }),
      assetId: nullableText(),
      assetName: nullableText(),
      adAccountId: text(),
      campaignId: text(),
      adSetId: text(),
      pageId: text(),
      creativeName: text(),
      placements: listOf(text(), { nullable: true, description: 'Placement groups of a multi-placement push; null for a single image' }),
      creativeFeatures: listOf(text(), { nullable: true, description: 'Meta’s automatic creative changes turned on for the push' }),
      creativeId: nullableText(),
      adId: nullableText(),
      error: nullableText(),
      errorCode: nullableText({ description: 'A failed push’s stable error code (see the error codes), for a screen to word and translate the failure' }),
      pushedBy: nullableText({ description: 'Who pushed (username), when known' }),
      adStatus: nullableText({ description: 'The ad’s effective_status as Meta last reported it; null before the first read' }),
      adStatusReadAt: nullableTime,
      figures: {
        ...objectOf<MetaPushFiguresDto>({
          impressions: integer(),
          clicks: integer(),
          spend: { type: 'number', description: 'In the ad account’s currency' },
          currency: text(),
          ctr: { ...nullableNumber, description: 'A fraction' },
          results: integer(),
          costPerResult: nullableNumber,
        }),
        nullable: true,
        description: 'In the list of pushes: the ad’s figures over the range asked for',
      },
      createdAt: time,
      completedAt: nullableTime,
    },
    ['placements', 'creativeFeatures', 'adStatus', 'adStatusReadAt', 'figures'],
  ),
  MetaPushed: objectOf<MetaPushResponse>({ message: text(), adResult: objectOf<{ id: string }>({ id: text() }), push: componentRef('MetaPush') }),
  MetaPushAccepted: objectOf<MetaPushAcceptedResponse>({ message: text(), pushId: text({ description: 'Follow it at /api/meta/pushes/{pushId}' }) }),
  MetaPushedAds: objectOf<MetaPushAdsResponse>({ message: text(), batchId: text(), pushes: listOf(componentRef('MetaPush')) }),
  MetaPushes: objectOf<MetaPushesResponse>({ range: integer({ description: 'Days the figures cover' }), pushes: listOf(componentRef('MetaPush')) }, ['range']),
  MetaDataDeletion: objectOf<MetaDataDeletionResponse>({ url: text({ description: 'Where the deletion’s status can be read' }), confirmation_code: text() }),
  MetaDataDeletionStatus: objectOf<MetaDataDeletionStatusDto>({ confirmation_code: text(), status: text({ enum: ['completed'] }), requested_at: time, completed_at: nullableTime }),
} satisfies Record<string, SchemaObject>;
