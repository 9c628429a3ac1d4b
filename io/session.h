// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariantMap>

/// \file session.h
/// The whole explorer state as a versioned JSON file (suffix .ropex).
///
/// Version 1 (written by this build):
/// \code
/// {"format": "rope-explorer-session", "version": 1,
///  "params": {"dim": 128, "rotary-dim": 0, "base": 10000, "m": 3, "n": 10, "context": 4096,
///             "layout": "interleaved", "method": "yarn", "factor": 4, "original-context": 4096,
///             "seq-len": 0, "beta-fast": 32, "beta-slow": 1, "mscale": 0, "mscale-all-dim": 0,
///             "attention-factor": 0, "truncate": true, "low-freq-factor": 1,
///             "high-freq-factor": 4},
///  "activePanel": "heatmap",
///  "panelOptions": {"heatmap": {...}, ...},
///  "window": {"geometry": "<base64>", "state": "<base64>"}}
/// \endcode
/// Parameter keys are the rope-cli flag names, which are also the names core errors use
/// (rope::InvalidParameter::parameter()), so an error reads "params.factor: …".
///
/// Version 0 is the pre-release draft layout, migrated on load: no "version" key (or 0),
/// "format" optional, camelCase fields at the top level ("headDim", "rotaryDim", "base",
/// "positions": [m, n], "context", "interleaved": bool), the scaling as a Hugging Face
/// rope_scaling dict under "scaling" ("rope_type", "factor", "original_max_position_embeddings",
/// "beta_fast", "beta_slow", "mscale", "mscale_all_dim", "attention_factor", "truncate",
/// "low_freq_factor", "high_freq_factor", "seq_len") and "panel" for the active panel; it had no
/// panel options and no window state. A file with a version above 1 loads every key this build
/// knows and lists the others as skipped.

namespace rope::io {

/// \brief Version written by saveSession().
inline constexpr int kSessionVersion = 1;
/// \brief Value of the "format" key.
inline constexpr char kSessionFormat[] = "rope-explorer-session";
/// \brief File suffix, without the dot.
inline constexpr char kSessionSuffix[] = "ropex";
/// \brief Largest session file read (16 MiB); larger files are refused from their size.
inline constexpr qint64 kMaxSessionBytes = 16 * 1024 * 1024;

/// \brief Everything a session restores.
struct Session {
    /// The shared parameter state (ExplorerState::params()).
    RopeParams params;
    /// Figure-registry id of the visible panel (for example "heatmap"); may be empty.
    QString activePanel;
    /// Panel id → that panel's own options as a QVariantMap. Values must be JSON-representable
    /// (QString, double, int, bool, QVariantList, QVariantMap); they are stored verbatim.
    QVariantMap panelOptions;
    /// QMainWindow::saveGeometry() / saveState(), stored as base64.
    QByteArray windowGeometry;
    QByteArray windowState;
};

/// \brief What loading produced.
struct SessionLoadResult {
    /// The session; params are always valid (a bad field keeps its default and is an error).
    Session session;
    /// "key: text" notes: migration from an older version, keys skipped from a newer one.
    QStringList warnings;
    /// "key: text" errors naming the JSON key ("params.base", "window.geometry", "version",
    /// "(file)" for the file as a whole). Empty on success.
    QStringList errors;
    /// The "version" found in the file (0 for the draft layout), or -1 if unreadable.
    int fileVersion = -1;

    /// \brief True when nothing had an error.
    bool ok() const noexcept { return errors.isEmpty(); }
};

/// \brief The session as version-1 JSON text (indented, UTF-8).
QByteArray sessionToJson(const Session& session);

/// \brief Parses session JSON of any version (see the file comment).
SessionLoadResult sessionFromJson(const QByteArray& json);

/// \brief Writes \p session to \p path atomically (QSaveFile): the target is replaced only after
/// the whole file was written, so on failure any existing file is left untouched.
/// \return false with a message in \p error (if non-null) on failure.
bool saveSession(const QString& path, const Session& session, QString* error);

/// \brief Reads a session file of at most kMaxSessionBytes.
SessionLoadResult loadSession(const QString& path);

/// \brief What a dropped or opened file most likely is.
enum class FileKind {
    /// A .ropex session: open with loadSession().
    Session,
    /// Anything else (config.json): import with loadModelConfig().
    ModelConfig,
};

/// \brief Session for the .ropex suffix, else ModelConfig. Decides by name only.
FileKind fileKindOf(const QString& path);

} // namespace rope::io
