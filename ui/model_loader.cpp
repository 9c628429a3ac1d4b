// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/model_loader.h"

#include "figures/figure_registry.h"
#include "io/gguf.h"
#include "io/model_config.h"
#include "io/presets.h"
#include "ui/explorer_state.h"
#include "ui/layer_strip.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/session_files.h"
#include "ui/weights_open.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>

namespace rope::ui {

ModelLoader::ModelLoader(MainWindow& window, SessionFiles& sessions)
    : QObject(&window), m_window(window), m_sessions(sessions) {
    connect(&m_window.layerStrip(), &LayerStrip::layerSelected, this, &ModelLoader::showLayer);
}

void ModelLoader::openInteractively() {
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("model/directory"), QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(
        &m_window, tr("Open a Hugging Face config.json or a GGUF file"), dir,
        tr("Model files (*.json *.gguf);;JSON files (*.json);;GGUF files (*.gguf);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("model/directory"), QFileInfo(path).absolutePath());
    openFile(path);
}

bool ModelLoader::openFile(const QString& path) {
    const io::ModelConfigResult result = io::loadModelFile(path);
    // A "(file)" error means nothing was read (unreadable, malformed, too large): applying the
    // defaults would silently replace the user's parameters, so refuse instead.
    if (result.errors.filter(QRegularExpression(QStringLiteral("^\\(file\\):"))).size() > 0) {
        m_window.statusBar()->showMessage(
            tr("Model config not opened: %1").arg(result.errors.join(QStringLiteral("; "))), 10000);
        m_window.showError(
            tr("Model config not opened"),
            tr("Could not import\n%1\n\n%2")
                .arg(QDir::toNativeSeparators(path), result.errors.join(QLatin1Char('\n'))));
        return false;
    }
    apply(result, path);
    m_sessions.addRecentModelConfig(path);
    return true;
}

void ModelLoader::openPreset(const QString& id) {
    apply(io::loadPreset(id), id);
}

void ModelLoader::apply(const io::ModelConfigResult& result, const QString& source) {
    ExplorerState& state = m_window.state();
    // The importer's params are always valid; errors name fields that kept their defaults.
    if (!state.setParams(io::withModelParams(state.params(), result.params))) {
        return; // rejected: the reason is already in the status bar
    }
    LayerStrip& strip = m_window.layerStrip();
    strip.setLayers(result.layers);
    for (FigurePanel* p : m_window.panels()) {
        if (p->figure().modelOptions != nullptr) {
            const FigureOptions options = p->figure().modelOptions(result, source);
            if (!options.isEmpty()) {
                p->setOptions(options);
            }
        }
    }
    if (!strip.isMixed()) {
        showLayer(-1);
    }
    QStringList notes = result.errors + result.warnings;
    const QString name = result.modelName.isEmpty() ? tr("model") : result.modelName;
    if (!result.errors.isEmpty()) {
        m_window.showError(tr("Model loaded with errors"),
                           tr("%1: some fields could not be used and kept their defaults:\n\n%2")
                               .arg(name, notes.join(QLatin1Char('\n'))));
    }
    m_window.statusBar()->showMessage(
        notes.isEmpty() ? tr("Loaded %1").arg(name)
                        : tr("Loaded %1 (%2)").arg(name, notes.join(QStringLiteral("; "))),
        10000);
}

void ModelLoader::showLayer(int index) {
    const LayerStrip& strip = m_window.layerStrip();
    const int other = index < 0 ? -1 : strip.otherKindLayer(index);
    const rope::RopeParams* otherKind =
        other < 0 ? nullptr : &strip.layers()[static_cast<std::size_t>(other)].params;
    for (FigurePanel* p : m_window.panels()) {
        if (p->figure().layerOptions != nullptr) {
            p->setOptions(p->figure().layerOptions(otherKind));
        }
    }
    if (otherKind != nullptr) {
        m_window.statusBar()->showMessage(strip.describe(index), 5000);
    }
}

void ModelLoader::openFolderInteractively() {
    const QString folder = QFileDialog::getExistingDirectory(&m_window, tr("Open model folder"));
    if (!folder.isEmpty()) {
        openFolder(folder);
    }
}

void ModelLoader::openHuggingFaceCache() {
    HfCacheDialog dialog(&m_window);
    if (dialog.exec() == QDialog::Accepted && !dialog.folder().isEmpty()) {
        openFolder(dialog.folder());
    }
}

void ModelLoader::openFolder(const QString& folder) {
    // The probe runs off the GUI thread, then the panel that takes a folder shows it.
    loadWeightsFolder(&m_window, folder, [this](const QString& loaded) {
        for (FigurePanel* p : m_window.panels()) {
            const std::string_view key = p->figure().folderOption;
            if (!key.empty()) {
                p->setOption(QString::fromLatin1(key.data(), qsizetype(key.size())), loaded);
                m_window.pages()->setCurrentWidget(p);
                return;
            }
        }
    });
}

} // namespace rope::ui
