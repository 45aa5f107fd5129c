import { useState } from "react";
import { stationStore } from "./kiosk-parts";

/** The station a floor screen scans at, remembered on this device. */
export const useStation = (screen: string) => {
  const store = stationStore(screen);
  const [stationId, setStationId] = useState<number | null>(() => store.get());
  return {
    stationId,
    setStationId: (id: number | null) => {
      store.set(id);
      setStationId(id);
    },
  };
};
