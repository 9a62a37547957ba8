/**
 * Wire types of the chatbot service, with field names exactly as service-api.md and service-notes.md write them.
 * Section numbers refer to service-api.md.
 */

/** 2.1: every JSON response is wrapped in this envelope. */
export interface Envelope<T> {
  Data: T;
  Version: string;
  Success: boolean;
  Code: number;
  Message: string;
}

/** 2.2: the editable chatbot settings. All but serialNumber are optional on edit. */
export interface ChatbotSettings {
  serialNumber: string;
  Name?: string;
  Model?: string;
  SystemMessage?: string;
  Temperature?: number;
  TimeZone?: string;
  AnswerSuffix?: string;
  ChatProfilePicture?: string;
  ChatIcon?: string;
  /** 1 = left, any other value = right (service-notes.md). */
  ChatBubbleAlign?: number;
  /** rgb(r,g,b) */
  ChatBubbleColor?: string;
  ChatbotPopupOnce?: boolean;
  ChatbotPrivacyPolicyDescription?: string;
  ChatbotPrivacyPolicyName?: string;
  ChatbotPrivacyPolicyUrl?: string;
  EnablePushToTalk?: boolean;
  EnableUploadImage?: boolean;
  SocialUrlOne?: string;
  SocialUrlTwo?: string;
  MessengerUrl?: string;
  RemoveChatLogOnBrowserClose?: boolean;
  /** Newline-separated suggestion chips. */
  SuggestedMessage?: string;
  TalkToHumanEmail?: string;
  TalkToHumanResponseMessage?: string;
  UserInputPlaceholder?: string;
  /** rgb(r,g,b) */
  UserMessageColor?: string;
  WelcomeMessage?: string;
  VerifyDomain?: boolean;
  /** Newline-separated origins or host names allowed to embed the chatbot. */
  Domains?: string;
  RateLimitCount?: number;
  RateLimitMessage?: string;
  RateLimitTime?: number;
  CustomDomain?: string;
  EmailForDailyChatLogs?: string;
  EmailForDailyLeads?: string;
  AIResponseLanguage?: string;
  /** Messages per calendar month; -1 = unlimited. */
  MessageLimit?: number;
}

/**
 * The settings a null in Edit clears, each to its empty value: a text to "", MessageLimit to -1 (unlimited),
 * RateLimitCount and RateLimitTime to 0 (off). 2.2 says nothing of null; this is the reference service's answer
 * (demo/server/settings.ts: the EDIT_SCHEMA fields marked onNull 'clear'; test/contract/chatbot.test.ts holds the two
 * equal). The other settings have no empty value (a Name, a Model, colours, Temperature, ChatBubbleAlign, the
 * switches), so a null for one of them is refused (400): leave it out to keep it.
 */
export type ClearableSettingName =
  | 'SystemMessage'
  | 'TimeZone'
  | 'AnswerSuffix'
  | 'ChatProfilePicture'
  | 'ChatIcon'
  | 'ChatbotPrivacyPolicyDescription'
  | 'ChatbotPrivacyPolicyName'
  | 'ChatbotPrivacyPolicyUrl'
  | 'SocialUrlOne'
  | 'SocialUrlTwo'
  | 'MessengerUrl'
  | 'SuggestedMessage'
  | 'TalkToHumanEmail'
  | 'TalkToHumanResponseMessage'
  | 'UserInputPlaceholder'
  | 'WelcomeMessage'
  | 'Domains'
  | 'RateLimitMessage'
  | 'CustomDomain'
  | 'EmailForDailyChatLogs'
  | 'EmailForDailyLeads'
  | 'AIResponseLanguage'
  | 'MessageLimit'
  | 'RateLimitCount'
  | 'RateLimitTime';

/**
 * 4.1: the settings to change. One left out stays as it is; null clears a ClearableSettingName, so a caller can say
 * it without a cast (the widget's inline settings, Partial<ChatbotSettings>, keep no null: they are values to show).
 */
export type EditRequest = {
  [Name in keyof ChatbotSettings]: Name extends ClearableSettingName ? ChatbotSettings[Name] | null : ChatbotSettings[Name];
};
/** 4.1: Data is 1 on success. */
export type EditResponse = number;

/** Settings a page may see: never the ones only the operator should read. */
export type SecretSettingName = 'SystemMessage' | 'EmailForDailyChatLogs' | 'EmailForDailyLeads';
export type PublicSettings = Omit<ChatbotSettings, SecretSettingName>;

/** service-notes.md: public widget config. */
export interface GetConfigRequest {
  serialNumber: string;
  clientTimeZone: string;
  /** "YYYY-MM-DD HH:mm:ss" in clientTimeZone */
  clientCurrentTime: string;
}
export interface PublicConfig extends PublicSettings {
  SessionID: number;
  SessionKey: string;
  ChatIconUrl?: string;
  ChatProfilePictureUrl?: string;
}

/** service-notes.md: Create Chat Session. */
export interface GetSessionRequest {
  serialNumber: string;
}
export interface GetSessionResponse {
  SessionID: number;
  /**
   * The session's key for chatrobot-sessionkey, when the service gives one (the reference service does, as GetConfig
   * does; service-notes.md names SessionID only). Without it, only a caller with the secret key can ask in the session.
   */
  SessionKey?: string;
}

/** service-notes.md: Get Model List; Edit's Model takes a Key. */
export interface ModelListItem {
  Key: string;
  Value: string;
  Status: boolean;
}

/** 4.2 */
export type ChatAskType = 'Text' | 'Audio' | 'Image' | 'Video';
export interface AskRequest {
  sessionID: number;
  content: string;
  chatAskType?: ChatAskType | null;
  stream?: boolean;
  fileIds?: number[];
}
/** 2.3: the answer record of a non-streamed ask. */
export interface AnswerRecord {
  messageid: number;
  content: string;
  totalToken: number;
  noAnswer: boolean;
}
/** 4.2: a partial chunk of a streamed answer. */
export interface StreamChunk {
  content: string;
}
/** 4.2: the final object of a streamed answer. */
export interface StreamFinal {
  QuestionID: number;
  AnswerID: number;
  Answer: string;
  TotalToken: number;
  /** A variant marks the end with this flag (service-notes.md). */
  TaskCompleted?: boolean;
}

/** 2.4 */
export type SaleType = 'for_sale' | 'for_rent';
export type ListingStatus = 'Active' | 'PreOnMarket' | 'Sold';
export type AreaUnit = 'Square Feet' | 'Square Meters';
export type Tours = 'OpenHouse' | '3D';
export type SpaceType = 'Entire place' | 'Room';
export type KeyType = 'PlatformID' | 'MLSNumber' | 'URL';

export interface ExtensionColumnEntry {
  Key: string;
  value: string;
}

export interface ListingInput {
  SerialNumber: string;
  SaleType: SaleType;
  Status: ListingStatus;
  CurrencySymbol: string;
  PropertyType: string;
  Bedrooms: number;
  Bathrooms: number;
  Url: string;
  MLSNumber: string;
  YearBuilt: number;
  DaysOnMarket: number;
  LotArea: number;
  BuildingArea: number;
  AreaUnit: AreaUnit;
  Images?: string[];
  Tours?: Tours;
  ParkingSpots: number;
  Description?: string;
  ExtensionColumn?: ExtensionColumnEntry[];
  Location?: string;
  Address?: string;
  City?: string;
  State?: string;
  ZIP?: string;
  Latitude?: number;
  Longitude?: number;
  SalePrice?: number;
  UnitAreaPrice?: number;
  HOAMonth?: number;
  EstimatePrice?: number;
  RentPrice?: number;
  SpaceType?: SpaceType;
  DepositFee?: number;
}

/** 4.3: Data is the new listing's id. */
export type RealEstateCreateRequest = ListingInput;
export type RealEstateCreateResponse = string;

/** The keys of T whose property is optional. */
type OptionalKeys<T> = { [Name in keyof T]-?: object extends Pick<T, Name> ? Name : never }[keyof T];

/**
 * The listing fields 2.4 marks optional (the ones ListingInput marks `?`): RealEstateUpdate removes one sent as null,
 * and it then lists as unset, like one never sent. 2.4 says nothing of null; this is the reference service's answer
 * (demo/server/listing-schema.ts, UPDATE_SCHEMA; test/contract/listings.test.ts holds the two equal). A required
 * field sent as null is refused (400): a listing must keep it.
 */
export type RemovableListingField = OptionalKeys<ListingInput>;

/**
 * 4.4: example requests send only a subset of the "required" fields, so all listing fields are optional here; null
 * removes a RemovableListingField.
 */
export type RealEstateUpdateRequest = {
  [Name in Exclude<keyof ListingInput, 'SerialNumber'>]?: Name extends RemovableListingField
    ? ListingInput[Name] | null
    : ListingInput[Name];
} & {
  SerialNumber: string;
  Key: string;
  KeyType: KeyType;
};
/** Number of records updated. */
export type RealEstateUpdateResponse = number;

/** 4.5 */
export interface RealEstateListRequest {
  SerialNumber: string;
  CityName?: string;
  SaleType?: SaleType;
  MLSNumber?: string;
  PageNumber?: number;
  PageSize?: number;
}
/** 2.5: most numbers come back as strings; unset prices as "". */
export interface ListingItem {
  ID: number;
  PropertyType: string;
  SaleType: string;
  Status: string;
  Images: string;
  CurrencySymbol: string;
  Price: string;
  State: string;
  City: string;
  Address: string;
  ZIP: string;
  Area: string;
  Bathrooms: string;
  Bedrooms: string;
  Url: string;
  Tours: string;
  YearBuilt: string;
  MLSNumber: string;
  DaysOnMarket: string;
  LotArea: string;
  BuildingArea: string;
  ParkingSpots: string;
  Description: string;
  RentPrice: string;
  SpaceType: string;
  DepositFee: string;
  SalePrice: string;
  UnitAreaPrice: string;
  EstimatePrice: string;
  HOAMonth: string;
  LATITUDE: number;
  LONGITUDE: number;
  ExtensionColumn: string;
}
export interface RealEstateListResponse {
  List: ListingItem[];
  /** The number of listings that match the filters (all pages). */
  VirtualCount: number;
}

/** 4.6 */
export interface RealEstateDeleteRequest {
  SerialNumber: string;
  Keys: string[];
  KeyType: KeyType;
}
export interface RealEstateDeleteResponse {
  SuccessCount: number;
}

/** service-notes.md: the upload flow. */
export interface PreUploadRequest {
  fileName: string;
}
export interface PreUploadResponse {
  FileStoreId: number;
  PreUploadUrl: string;
}
export interface FinishUploadRequest {
  FileStoreId: number;
}
export type FinishUploadResponse = number;

/** Every operation the client knows, by the name used for configurable paths. */
export type OperationName =
  | 'getConfig'
  | 'getSession'
  | 'modelList'
  | 'edit'
  | 'ask'
  | 'realEstateCreate'
  | 'realEstateUpdate'
  | 'realEstateList'
  | 'realEstateDelete'
  | 'preUpload'
  | 'finishUpload';

/*
 * Default paths, relative to the base URL. One constant each, so a bundle that calls a few operations carries only
 * their paths (DEFAULT_PATHS, the whole table, is for code that needs every one).
 */
export const GET_CONFIG_PATH = '/chat/Chatbot/GetConfig';
export const GET_SESSION_PATH = '/chat/Chatbot/GetSession';
export const MODEL_LIST_PATH = '/chat/Chatbot/ModelList';
export const EDIT_PATH = '/chat/Chatbot/Edit';
export const ASK_PATH = '/chat/Chat/ClientAsk';
export const REAL_ESTATE_CREATE_PATH = '/chat/Chatbot/RealEstateCreate';
export const REAL_ESTATE_UPDATE_PATH = '/chat/Chatbot/RealEstateUpdate';
export const REAL_ESTATE_LIST_PATH = '/chat/Chatbot/RealEstateList';
export const REAL_ESTATE_DELETE_PATH = '/chat/Chatbot/RealEstateDelete';
export const PRE_UPLOAD_PATH = '/chat/User/GetPreUploadUrl';
export const FINISH_UPLOAD_PATH = '/chat/User/FinishUpload';

export const DEFAULT_PATHS: Readonly<Record<OperationName, string>> = {
  getConfig: GET_CONFIG_PATH,
  getSession: GET_SESSION_PATH,
  modelList: MODEL_LIST_PATH,
  edit: EDIT_PATH,
  ask: ASK_PATH,
  realEstateCreate: REAL_ESTATE_CREATE_PATH,
  realEstateUpdate: REAL_ESTATE_UPDATE_PATH,
  realEstateList: REAL_ESTATE_LIST_PATH,
  realEstateDelete: REAL_ESTATE_DELETE_PATH,
  preUpload: PRE_UPLOAD_PATH,
  finishUpload: FINISH_UPLOAD_PATH,
};

/** Header names of the two credentials (section 5). */
export const SECRET_KEY_HEADER = 'Authorization';
export const SESSION_KEY_HEADER = 'chatrobot-sessionkey';
