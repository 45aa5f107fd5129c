import PhotoCamera from "@mui/icons-material/PhotoCamera";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";

/** True where the browser can open a camera (secure pages with `navigator.mediaDevices`). */
export const canUseCamera = () => typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

const FRAME_MS = 200;

/**
 * Reads one barcode with the device's camera: a dialog with the camera's picture, closed by the
 * first code it reads (handed to `onDetected`) or by Cancel. Shown only where a camera can be used.
 */
export function CameraScanButton({ onDetected }: { onDetected: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!canUseCamera()) return null;
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        startIcon={<PhotoCamera />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 64, minWidth: 64, fontSize: 18, flexShrink: 0 }}
      >
        Camera
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Scan with the camera</DialogTitle>
        <DialogContent>
          {open ? (
            <CameraReader
              onDetected={(code) => {
                setOpen(false);
                onDetected(code);
              }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button size="large" onClick={() => setOpen(false)} sx={{ minHeight: 56 }}>
            Cancel
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function CameraReader({ onDetected }: { onDetected: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const detected = useRef(onDetected);
  detected.current = onDetected;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      try {
        const [{ createDetector }, media] = await Promise.all([
          import("./barcode-detector"),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const detector = createDetector();
        const tick = async () => {
          if (stopped || !video.current) return;
          const [found] = await detector.detect(video.current).catch(() => []);
          if (found?.rawValue) {
            stopped = true;
            detected.current(found.rawValue);
            return;
          }
          timer = setTimeout(tick, FRAME_MS);
        };
        await tick();
      } catch (error) {
        if (!stopped) setProblem(error instanceof Error ? error.message : String(error));
      }
    };
    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Box>
      {problem ? (
        <Alert severity="error">The camera could not be used: {problem}</Alert>
      ) : (
        <Typography sx={{ mb: 1, color: "text.secondary" }}>Hold the barcode inside the picture.</Typography>
      )}
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label="Camera picture"
        sx={{ width: "100%", borderRadius: 1, bgcolor: "common.black", display: problem ? "none" : "block" }}
      />
    </Box>
  );
}
