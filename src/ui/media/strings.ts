/** The draft tray's own words (the model's sentences are in src/model/media-draft.ts, the byte checks' in src/media). */
export const mediaStrings = {
  attachments: 'Attached files',
  sendPending: 'Sending when the uploads finish…',
  dismiss: 'Dismiss',
  failed: 'Upload failed',
  uploading: (name: string) => `Uploading ${name}`,
  retry: (name: string) => `Retry uploading ${name}`,
  retryShort: 'Retry',
  cancel: (name: string) => `Cancel the upload of ${name}`,
  remove: (name: string) => `Remove ${name}`,
  recording: 'Recording',
  level: 'Microphone level',
  recordingHint: 'Release or press again to send · Esc or move away to cancel',
} as const;
