import { FLOW_IMAGE_QUALITY } from "@atendo/shared";

/**
 * Re-encodes an image at quality 0.7 before upload (document 2, section 7), in its
 * own type (PNG ignores the quality, JPEG uses it). The original is kept when it
 * cannot be drawn or when the re-encoding is not smaller, so the step never makes
 * an upload worse.
 */
export async function compressImage(file: File, quality = FLOW_IMAGE_QUALITY): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0);
    const type = file.type === "image/png" ? "image/png" : "image/jpeg";
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
