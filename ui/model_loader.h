// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

namespace rope::io {
struct ModelConfigResult;
}

namespace rope::ui {

class MainWindow;
class SessionFiles;

/// \brief Loads models into the window: a Hugging Face config.json or a GGUF file (Model ▸ Open
/// config.json…, File ▸ Open recent, a drop), a built-in preset (Model menu), and a weights
/// folder (File ▸ Open model folder, Hugging Face cache). A loaded model sets the parameters
/// (m and n kept), fills the layer strip, and hands each panel what its registry row asks for
/// (figures::Figure::modelOptions); the layer shown hands the panels figures::Figure::layerOptions
/// with a layer of the other RoPE kind, and a folder goes to the panel whose row names a
/// folderOption.
class ModelLoader : public QObject {
    Q_OBJECT

public:
    /// \p sessions records the model configs opened under File ▸ Open recent.
    ModelLoader(MainWindow& window, SessionFiles& sessions);

    /// Asks for a config.json or GGUF file (QSettings "model/directory"), then openFile().
    void openInteractively();
    /// \brief Imports a Hugging Face config.json or GGUF file (keeps m and n); errors and
    /// warnings name the field. \return false if nothing could be applied.
    bool openFile(const QString& path);
    /// \brief Applies a built-in preset (io/presets.h).
    void openPreset(const QString& id);
    /// \brief Applies an imported model; \p source is the file or preset id it came from.
    void apply(const io::ModelConfigResult& result, const QString& source);
    /// \brief Shows layer \p index of the layer strip in the panels (-1: none chosen).
    void showLayer(int index);
    /// Asks for a model folder with safetensors weights and hands it to the panel that takes one.
    void openFolderInteractively();
    /// Lists the Hugging Face cache's models and hands the chosen one's folder on.
    void openHuggingFaceCache();

private:
    void openFolder(const QString& folder);

    MainWindow& m_window;
    SessionFiles& m_sessions;
};

} // namespace rope::ui
