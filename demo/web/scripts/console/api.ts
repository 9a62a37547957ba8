/**
 * The console's calls, all to `/console-api/<operation>` on this site: the demo server adds the secret key there
 * (demo/console-api.ts), so this page never holds it. The standard operations reuse the library's typed client,
 * pointed at the proxy with `paths`, which is exactly what a site owner does to route through a backend.
 */
import {
  ServiceError,
  createClient,
  type ChatbotSettings,
  type EditRequest,
  type Envelope,
  type ModelListItem,
  type OperationName,
  type RealEstateCreateRequest,
  type RealEstateDeleteResponse,
  type RealEstateListRequest,
  type RealEstateListResponse,
  type RealEstateUpdateRequest,
} from '../../../../src/api/index';

/** Every setting of 2.2 plus the URLs of the current pictures (the reference service's operator read). */
export interface FullSettings extends ChatbotSettings {
  ChatIconUrl?: string;
  ChatProfilePictureUrl?: string;
}

export interface UploadedImage {
  fileId: string;
  /** Where the service serves the image back, for a preview. */
  url: string;
}

export interface ConsoleApi {
  getSettings(): Promise<FullSettings>;
  modelList(): Promise<ModelListItem[]>;
  edit(changes: Omit<EditRequest, 'serialNumber'>): Promise<number>;
  listListings(request: Omit<RealEstateListRequest, 'SerialNumber'>): Promise<RealEstateListResponse>;
  createListing(request: Omit<RealEstateCreateRequest, 'SerialNumber'>): Promise<string>;
  /** Null removes an optional field (RemovableListingField), as the client's type says. */
  updateListing(request: Omit<RealEstateUpdateRequest, 'SerialNumber'>): Promise<number>;
  deleteListings(keys: string[]): Promise<RealEstateDeleteResponse>;
  uploadImage(file: File): Promise<UploadedImage>;
}

const PROXIED: readonly OperationName[] = [
  'modelList', 'edit', 'realEstateList', 'realEstateCreate', 'realEstateUpdate', 'realEstateDelete', 'preUpload',
  'finishUpload',
];

export function createConsoleApi(serialNumber: string, siteUrl: string = location.origin): ConsoleApi {
  const paths = Object.fromEntries(PROXIED.map((name) => [name, `/console-api/${name}`]));
  const client = createClient({ baseUrl: siteUrl, paths });

  async function getSettings(): Promise<FullSettings> {
    const operation = 'getSettings';
    let response: Response;
    try {
      response = await fetch(`${siteUrl}/console-api/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ serialNumber }),
      });
    } catch (cause) {
      throw new ServiceError('network', 'The demo site cannot be reached.', { operation, cause });
    }
    let envelope: Envelope<FullSettings> | undefined;
    try {
      envelope = (await response.json()) as Envelope<FullSettings>;
    } catch {
      envelope = undefined;
    }
    if (!envelope || typeof envelope.Success !== 'boolean') {
      throw new ServiceError('malformed', `The console API answered ${response.status} with something unreadable.`, {
        operation,
        status: response.status,
      });
    }
    if (!envelope.Success || !response.ok) {
      const kind = response.ok ? 'business' : 'http';
      throw new ServiceError(kind, envelope.Message || `The console API answered ${response.status}.`, {
        operation,
        status: response.status,
        code: envelope.Code,
        serviceMessage: envelope.Message,
      });
    }
    return envelope.Data;
  }

  return {
    getSettings,
    modelList: () => client.modelList(),
    async edit(changes) {
      // service-api.md 4.1: Data 1 indicates success. Any other, in an envelope that says Success, saved nothing the
      // editor can count on, so it is no "Saved" either: the typed values stay, marked unsaved.
      const done = await client.edit({ ...changes, serialNumber });
      if (done !== 1) {
        throw new ServiceError('business', `The service answered Edit with ${done}, not 1 (success): the settings may not be saved.`, {
          operation: 'edit',
        });
      }
      return done;
    },
    listListings: (request) => client.realEstateList({ ...request, SerialNumber: serialNumber }),
    createListing: (request) => client.realEstateCreate({ ...request, SerialNumber: serialNumber }),
    updateListing: (request) => client.realEstateUpdate({ ...request, SerialNumber: serialNumber }),
    deleteListings: (keys) => client.realEstateDelete({ SerialNumber: serialNumber, Keys: keys, KeyType: 'PlatformID' }),
    async uploadImage(file) {
      const target = await client.preUpload({ fileName: file.name || 'image' });
      await client.putFile(target.PreUploadUrl, file);
      const finished = await client.finishUpload({ FileStoreId: target.FileStoreId });
      if (finished !== 1) throw new ServiceError('business', 'The service did not accept the image.', { operation: 'finishUpload' });
      return { fileId: String(target.FileStoreId), url: target.PreUploadUrl };
    },
  };
}
