// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "figures/figure_unless.h"

#include "core/vector_state.h"

#include <QtGlobal>


namespace rope::figures {

// One declaration + one row per panel; the functions live in figures/<id>_figure.cpp.
FigureData derivationFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& derivationOptions();
FigureData heatmapFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& heatmapOptions();
FigureData rotationFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& rotationOptions();
FigureData extensionFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& extensionOptions();
FigureData identityFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& identityOptions();
FigureData decayFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& decayOptions();
FigureData baseBoundFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& baseBoundOptions();
const FigureJob& baseBoundJob();
FigureData layoutsFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& layoutsOptions();
FigureData rope2dFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& rope2dOptions();
FigureData absoluteFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& absoluteOptions();
FigureData attentionFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& attentionOptions();
FigureData positionSchemesFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& positionSchemesOptions();
FigureData precisionFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& precisionOptions();
FigureData batchFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& batchOptions();
const FigureJob& batchJob();
FigureData mropeFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& mropeOptions();
FigureData kvCacheFigure(const rope::RopeParams&, const FigureOptions&);
const FigureJob& kvCacheJob();
const OptionTable& kvCacheOptions();
FigureData doctorFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& doctorOptions();
FigureData weightsFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& weightsOptions();
// Panel hooks (figures/panel_hooks.cpp): what a panel takes from a loaded model or layer.
FigureOptions doctorModelOptions(const rope::io::ModelConfigResult&, const QString&);
FigureOptions baseBoundModelOptions(const rope::io::ModelConfigResult&, const QString&);
FigureOptions mropeModelOptions(const rope::io::ModelConfigResult&, const QString&);
FigureOptions extensionLayerOptions(const rope::RopeParams*);
const FigureJob& weightsJob();
FigureData trainingLabFigure(const rope::RopeParams&, const FigureOptions&);
const OptionTable& trainingLabOptions();
const FigureJob& trainingLabJob();

const std::vector<Figure>& allFigures() {
    static const std::vector<Figure> figures = {
        {.id = "derivation",
         .title = QT_TRANSLATE_NOOP("Figures", "Derivation"),
         .group = "foundations",
         .options = &derivationOptions,
         .data = &derivationFigure,
         .special = {"derivation-pages"}},
        {.id = "heatmap",
         .title = QT_TRANSLATE_NOOP("Figures", "Phase heatmap"),
         .group = "foundations",
         .options = &heatmapOptions,
         .data = &heatmapFigure,
         .special = {"heatmap-zoom"},
         .animationKey = "base"},
        {.id = "rotation",
         .title = QT_TRANSLATE_NOOP("Figures", "Rotation of a pair"),
         .group = "foundations",
         .options = &rotationOptions,
         .data = &rotationFigure,
         .special = {"rotation-play"},
         .animationKey = "m"},
        {.id = "extension",
         .title = QT_TRANSLATE_NOOP("Figures", "Context extension"),
         .group = "long-context",
         .options = &extensionOptions,
         .data = &extensionFigure,
         .animationKey = "base",
         .layerOptions = &extensionLayerOptions},
        {.id = "identity",
         .title = QT_TRANSLATE_NOOP("Figures", "Identities"),
         .group = "foundations",
         .options = &identityOptions,
         .data = &identityFigure,
         .animationKey = "m"},
        {.id = "decay",
         .title = QT_TRANSLATE_NOOP("Figures", "Long-term decay"),
         .group = "long-context",
         .options = &decayOptions,
         .data = &decayFigure},
        {.id = "base-bound",
         .title = QT_TRANSLATE_NOOP("Figures", "Base bound"),
         .group = "long-context",
         .options = &baseBoundOptions,
         .data = &baseBoundFigure,
         .special = {"base-bound-landscape"},
         .job = &baseBoundJob(),
         .modelOptions = &baseBoundModelOptions},
        {.id = "layouts",
         .title = QT_TRANSLATE_NOOP("Figures", "Pair layouts"),
         .group = "engineering",
         .options = &layoutsOptions,
         .data = &layoutsFigure},
        {.id = "rope-2d",
         .title = QT_TRANSLATE_NOOP("Figures", "2D RoPE"),
         .group = "foundations",
         .options = &rope2dOptions,
         .data = &rope2dFigure,
         .special = {"rope-2d-pick"}},
        {.id = "absolute",
         .title = QT_TRANSLATE_NOOP("Figures", "Absolute encodings"),
         .group = "foundations",
         .options = &absoluteOptions,
         .data = &absoluteFigure},
        {.id = "attention",
         .title = QT_TRANSLATE_NOOP("Figures", "Toy attention"),
         .group = "foundations",
         .options = &attentionOptions,
         .data = &attentionFigure,
         .special = {"attention-factor"}},
        {.id = "position-schemes",
         .title = QT_TRANSLATE_NOOP("Figures", "Position schemes"),
         .group = "foundations",
         .options = &positionSchemesOptions,
         .data = &positionSchemesFigure},
        {.id = "precision",
         .title = QT_TRANSLATE_NOOP("Figures", "Precision lab"),
         .group = "engineering",
         .options = &precisionOptions,
         .data = &precisionFigure},
        {.id = "batch",
         .title = QT_TRANSLATE_NOOP("Figures", "SIMD batch"),
         .group = "engineering",
         .options = &batchOptions,
         .data = &batchFigure,
         .job = &batchJob()},
        {.id = "mrope",
         .title = QT_TRANSLATE_NOOP("Figures", "M-RoPE"),
         .group = "models",
         .options = &mropeOptions,
         .data = &mropeFigure,
         .modelOptions = &mropeModelOptions},
        {.id = "kv-cache",
         .title = QT_TRANSLATE_NOOP("Figures", "KV cache"),
         .group = "models",
         .options = &kvCacheOptions,
         .data = &kvCacheFigure,
         .job = &kvCacheJob()},
        {.id = "doctor",
         .title = QT_TRANSLATE_NOOP("Figures", "Config doctor"),
         .group = "models",
         .options = &doctorOptions,
         .data = &doctorFigure,
         .special = {"doctor-compare"},
         .modelOptions = &doctorModelOptions},
        {.id = "weights",
         .title = QT_TRANSLATE_NOOP("Figures", "Weights per pair"),
         .group = "models",
         .options = &weightsOptions,
         .data = &weightsFigure,
         .job = &weightsJob(),
         .folderOption = "model"},
        {.id = "training-lab",
         .title = QT_TRANSLATE_NOOP("Figures", "Training lab"),
         .group = "evidence",
         .options = &trainingLabOptions,
         .data = &trainingLabFigure,
         .special = {"training-lab-train"},
         .job = &trainingLabJob()},
    };
    return figures;
}

const Figure* findFigure(std::string_view id) noexcept {
    for (const Figure& f : allFigures()) {
        if (f.id == id) {
            return &f;
        }
    }
    return nullptr;
}

QString figureId(const Figure& figure) {
    return QString::fromLatin1(figure.id.data(), static_cast<qsizetype>(figure.id.size()));
}

FigureData figureData(const Figure& figure, const rope::RopeParams& params,
                      const FigureOptions& options) {
    // A panel computes on the GUI thread right after a paint, whose AVX fill leaves the upper
    // vector state dirty; core's scalar code would pay for it on every instruction
    // (core/vector_state.h). Clearing it changes no result.
    rope::clearUpperVectorState();
    return figure.data(params, withDefaults(figure.options(), options));
}

std::optional<FigureData> figureDataUnless(const std::atomic<bool>& cancel, const Figure& figure,
                                           const rope::RopeParams& params,
                                           const FigureOptions& options) {
    if (cancel.load()) {
        return std::nullopt;
    }
    if (figure.job == nullptr) {
        return figureData(figure, params, options);
    }
    const FigureOptions filled = withDefaults(figure.options(), options);
    const std::shared_ptr<const JobResult> result =
        figure.job->run(params, filled, JobControl(cancel), nullptr);
    if (cancel.load() || (result && result->cancelled)) {
        return std::nullopt;
    }
    return figure.job->compose(params, filled, result.get());
}

QVariantMap jobInputs(const Figure& figure, const rope::RopeParams& params,
                      const FigureOptions& options) {
    return figure.job->inputs(params, withDefaults(figure.options(), options));
}

std::shared_ptr<const JobResult> runJob(const Figure& figure, const rope::RopeParams& params,
                                        const FigureOptions& options, const JobControl& control,
                                        const JobResult* previous) {
    rope::clearUpperVectorState(); // as in figureData()
    return figure.job->run(params, withDefaults(figure.options(), options), control, previous);
}

FigureData composeFigure(const Figure& figure, const rope::RopeParams& params,
                         const FigureOptions& options, const JobResult* last) {
    rope::clearUpperVectorState(); // as in figureData()
    return figure.job->compose(params, withDefaults(figure.options(), options), last);
}

} // namespace rope::figures
