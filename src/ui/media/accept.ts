/**
 * The attach picker's `accept` hint, in the panel chunk: importing src/media's ACCEPT_ATTRIBUTE here would pull
 * the byte checks into the panel's download. A test keeps the two equal. The bytes decide anyway (inspectFile).
 */
export const PICKER_ACCEPT = {
  image: 'image/png,image/jpeg,image/webp,image/gif,.png,.jpg,.jpeg,.webp,.gif',
  audio: 'audio/wav,audio/x-wav,audio/wave,.wav',
  video: 'video/mp4,video/x-matroska,video/x-msvideo,video/x-flv,video/mpeg,.mp4,.m4v,.mkv,.avi,.flv,.mpg,.mpeg',
} as const;

/** Images and videos with EnableUploadImage, plus WAV files with EnablePushToTalk (see controller.tsx mediaKinds). */
export function pickerAccept(enablePushToTalk: boolean): string {
  return `${PICKER_ACCEPT.image},${PICKER_ACCEPT.video}${enablePushToTalk ? `,${PICKER_ACCEPT.audio}` : ''}`;
}
