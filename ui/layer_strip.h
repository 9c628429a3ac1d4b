// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model_layers.h"

#include <QString>
#include <QWidget>

#include <vector>

class QButtonGroup;
class QHBoxLayout;
class QLabel;

namespace rope::ui {

class ExplorerState;
class JobRunner;

/// \brief One cell per decoder layer of the loaded model, coloured by the layer's RoPE (one
/// colour per distinct base/scaling/rotary dimension, NoPE grey) and labelled with its attention
/// span (F full, S sliding, C chunked, L linear) over its window-aware base verdict (✓ Σcos ≥ 0
/// at every distance the layer can attend, ✗ negative within it, – no RoPE or unbounded); a
/// legend names the letters. Clicking a cell makes every panel show that layer.
///
/// Choosing a RoPE layer calls ExplorerState::setParams() with the layer's dimensions, base and
/// scaling (query and key positions kept, as for "open a model"), then setLayer(index, true).
/// Choosing a NoPE layer keeps the parameters and calls setLayer(index, false): panels then
/// show "this layer has no RoPE" instead of a plot. The strip is hidden when the model has no
/// layer list or one RoPE and one span for all layers.
///
/// The verdicts are Σcos scans over each layer's span (up to millions of distances for a long
/// context), so they run on a JobRunner: the cells show "…" until each kind's verdict arrives,
/// one distinct (span, θ') at a time, and a newer setLayers() cancels the scans of the last.
class LayerStrip : public QWidget {
    Q_OBJECT

public:
    explicit LayerStrip(ExplorerState& state, QWidget* parent = nullptr);

    /// \brief Shows \p layers (one cell each) and chooses the first layer whose RoPE equals the
    /// parameters the model was opened with (the "full_attention" entry), or layer 0.
    /// An empty list or a uniform model hides the strip and clears the state's layer.
    /// Returns before the Σcos verdicts are known (checksPending()); they arrive through the
    /// event loop (checksUpdated(), then checksReady()).
    void setLayers(const std::vector<LayerRope>& layers);
    /// \brief True from setLayers() of a mixed model until its verdicts have all arrived (or the
    /// scan failed).
    bool checksPending() const noexcept { return m_checksPending; }
    const std::vector<LayerRope>& layers() const noexcept { return m_layers; }
    /// \brief True when the layers differ in their RoPE or span (the strip is shown).
    bool isMixed() const noexcept { return m_mixed; }
    /// \brief Makes every panel show layer \p index. \return false (nothing changed) for an
    /// index outside the list or parameters the state rejects (its reason is shown).
    bool selectLayer(int index);
    /// \brief The RoPE kind of layer \p index: 0 … kinds − 1 in order of first appearance,
    /// −1 for NoPE (colour grey).
    int kindOf(int index) const;
    /// \brief A layer of another RoPE kind than \p index (the comparison the extension panel
    /// draws), or −1 when every RoPE layer has the same kind.
    int otherKindLayer(int index) const;
    /// \brief "layer 5: full_attention, b = 1e+06, linear ×8; full attention up to 131071
    /// tokens: Σcos ≥ 0 at every distance" (tooltip and status text).
    QString describe(int index) const;
    /// \brief The window-aware base check of layer \p index (layerBaseChecks(), b* not searched);
    /// nullptr while its scan is pending, for a uniform model (hidden strip) and when the scan
    /// failed.
    const LayerBaseCheck* check(int index) const;
    /// \brief The cell label of layer \p index: the span letter, a line break, the verdict mark.
    QString cellText(int index) const;

signals:
    /// A layer was chosen (after the state took its parameters).
    void layerSelected(int index);
    /// Verdicts arrived for \p done of \p total distinct layer kinds (partial while done < total).
    void checksUpdated(int done, int total);
    /// Every verdict of the current layers arrived (or the scan failed: check() is nullptr).
    void checksReady();

private:
    void startChecks();
    void showChecks();

    ExplorerState& m_state;
    std::vector<LayerRope> m_layers;
    std::vector<LayerBaseCheck> m_checks;
    // m_arrived[i]: layer i's verdict is in m_checks[i].
    std::vector<bool> m_arrived;
    bool m_checksPending = false;
    JobRunner* m_checkRunner;
    std::vector<int> m_kinds;
    bool m_mixed = false;
    QLabel* m_caption;
    QLabel* m_legend;
    QHBoxLayout* m_cells;
    QButtonGroup* m_group;
};

/// \brief Whether two layers rotate the same way (same rope flag, rotary dimension, base and
/// scaling method/factor/context).
bool sameLayerRope(const LayerRope& a, const LayerRope& b);

} // namespace rope::ui
