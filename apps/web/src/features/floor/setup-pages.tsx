import { ResourceFormPage } from "../../components/resource/form-page";
import { ResourceListPage } from "../../components/resource/list-page";
import { qcReasonsConfig, stationsConfig } from "./setup-configs";

/** Stations and QC reasons: the resource engine's list and form screens. */
export default function SetupPages({
  screen,
  mode,
}: {
  screen: "stations" | "reasons";
  mode: "list" | "new" | "edit";
}) {
  if (screen === "stations")
    return mode === "list" ? (
      <ResourceListPage config={stationsConfig} />
    ) : (
      <ResourceFormPage key={mode} config={stationsConfig} mode={mode} />
    );
  return mode === "list" ? (
    <ResourceListPage config={qcReasonsConfig} />
  ) : (
    <ResourceFormPage key={mode} config={qcReasonsConfig} mode={mode} />
  );
}
