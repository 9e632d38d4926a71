import {
  createWebWeChat,
  getCommonSolutionDetails,
  getCommonSolutionList,
  getExternalProjectList,
  getPageConfig,
  getSharePoster,
  htmlToPdf,
  qrCodeDecode,
  upload,
} from '@portal/contracts';
import { getSolution, listExternalProjects, listSolutions } from '../../domain/content/content.js';
import { ownOrigins } from '../../platform/own-addresses.js';
import { decodeQrCode } from '../../render/qr-codes.js';
import { sharePoster } from '../../domain/projects/share-posters.js';
import { pageConfigFor, tenantIdFor } from '../../domain/sites/tenants.js';
import { storeUpload, uploadStoreOf } from '../../domain/uploads/uploads.js';
import {
  checkPdfRoomFor,
  htmlToPdfFile,
  pdfGatewayOf,
  signWebPage,
} from '../../domain/sites/web-pages.js';
import { route, type ServiceRoute } from '../route.js';
import { labelRoutes } from './labels.js';

const contentRoutes: ServiceRoute[] = [
  route(getPageConfig, async ({ input, deps, host }) =>
    pageConfigFor(deps.db, input.Domain || host),
  ),
  route(getCommonSolutionList, async ({ input, user, deps, host }) =>
    listSolutions(deps.db, await tenantIdFor(deps.db, host, user), input),
  ),
  route(getCommonSolutionDetails, async ({ input, user, deps, host }) =>
    getSolution(deps.db, await tenantIdFor(deps.db, host, user), input.SolutionId),
  ),
  route(getExternalProjectList, async ({ input, user, deps, host }) =>
    listExternalProjects(deps.db, await tenantIdFor(deps.db, host, user), input),
  ),
];

const commonRoutes: ServiceRoute[] = [
  route(upload, async ({ input, requireUser, files, deps }) =>
    storeUpload(uploadStoreOf(deps), requireUser().userId, files[0], input.Purpose),
  ),
  route(qrCodeDecode, async ({ input }) => ({ Text: await decodeQrCode(input.ImageBase64) })),
  route(getSharePoster, async ({ input, user, deps, host }) =>
    sharePoster(
      deps.db,
      await tenantIdFor(deps.db, host, user),
      input.ProjectId,
      input.ShareUrl,
      ownOrigins(deps.config),
    ),
  ),
  route(
    htmlToPdf,
    async ({ input, requireUser, deps }) =>
      htmlToPdfFile(pdfGatewayOf(deps.gateways.pdf, requireUser()), input.Html, input.FileName),
    { admit: ({ caller, deps }) => checkPdfRoomFor(deps.gateways.pdf, caller) },
  ),
  route(createWebWeChat, async ({ input, deps }) =>
    signWebPage(deps.gateways.weChat, input.PageUrl, ownOrigins(deps.config)),
  ),
];

export const routes: ServiceRoute[] = [...labelRoutes, ...contentRoutes, ...commonRoutes];
