import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
// The reader's WebAssembly, emitted into our own build and served by our server: never a CDN.
// zxing-wasm is pinned to the version barcode-detector embeds (its ZXING_WASM_SHA256 matches).
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/**
 * The camera's barcode reader: the BarcodeDetector web API as barcode-detector's ponyfill (ZXing
 * in WebAssembly), so it works where the browser has none. Loaded only when a camera scan starts.
 */
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
});

/** The formats printed on floor labels: linear codes on totes and tickets, QR and Data Matrix. */
export const createDetector = () =>
  new BarcodeDetector({
    formats: ["code_128", "code_39", "ean_13", "ean_8", "upc_a", "itf", "qr_code", "data_matrix"],
  });
