// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "identity": the d × d residual of a RoPE identity in double precision, entry by entry.
#include "core/identities.h"
#include "core/scaling/scaling_registry.h"
#include "ui/figures/figure_registry.h"
#include "ui/panels/figure_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

#include <cmath>

namespace rope::ui {

FigureData identityFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const auto m = static_cast<double>(params.m);
    const auto n = static_cast<double>(params.n);
    const QString which =
        options.value(QStringLiteral("identity"), QStringLiteral("relativity")).toString();
    Eigen::MatrixXd residual;
    QString formula;
    if (which == QLatin1String("composition")) {
        residual = rope::compositionResidualMatrix(theta, m, n, params.layout);
        formula = QStringLiteral("R_m R_n − R_(m+n)");
    } else if (which == QLatin1String("orthogonality")) {
        residual = rope::orthogonalityResidualMatrix(theta, m, params.layout);
        formula = QStringLiteral("R_mᵀ R_m − I");
    } else {
        residual = rope::relativityResidualMatrix(theta, m, n, params.layout);
        formula = QStringLiteral("R_mᵀ R_n − R_(n−m)");
    }
    const double relativity = rope::relativityResidual(theta, m, n, params.layout);
    const double composition = rope::compositionResidual(theta, m, n, params.layout);
    const double orthogonality = rope::orthogonalityResidual(theta, m, params.layout);

    FigureData data;
    data.title = QStringLiteral("|%1| entry by entry (m = %2, n = %3, %4 layout)")
                     .arg(formula)
                     .arg(params.m)
                     .arg(params.n)
                     .arg(QString::fromLatin1(rope::layoutId(params.layout)));
    data.xLabel = QStringLiteral("column j");
    data.yLabel = QStringLiteral("row i");
    ColourMap map;
    map.columns = static_cast<int>(residual.cols());
    map.rows = static_cast<int>(residual.rows());
    map.xFirst = 0;
    map.xLast = map.columns - 1;
    map.yFirst = 0;
    map.yLast = map.rows - 1;
    map.values.reserve(static_cast<std::size_t>(residual.size()));
    double largest = 0;
    for (Eigen::Index r = 0; r < residual.rows(); ++r) {
        for (Eigen::Index c = 0; c < residual.cols(); ++c) {
            map.values.push_back(std::abs(residual(r, c)));
            largest = std::max(largest, map.values.back());
        }
    }
    // Log colour scale over six decades below the largest entry (at least up to 1e-15); exact
    // zeros (entries outside the 2 × 2 blocks) take the lowest colour.
    map.zMax = std::max(largest, 1e-15);
    map.zMin = map.zMax * 1e-6;
    map.logScale = true;
    map.diverging = false;
    map.label = QStringLiteral("|residual entry| (log scale)");
    data.colourMap = std::move(map);
    data.readouts = {
        {QStringLiteral("max |R_mᵀR_n − R_(n−m)|"), relativity, QString()},
        {QStringLiteral("max |R_mR_n − R_(m+n)|"), composition, QString()},
        {QStringLiteral("max |R_mᵀR_m − I|"), orthogonality, QString()},
    };
    data.xRange = {{-0.5, residual.cols() - 0.5}};
    data.yRange = {{-0.5, residual.rows() - 0.5}};
    data.yReversed = true; // row 0 at the top, as a matrix is written
    data.equalAspect = true;
    return data;
}

QWidget* makeIdentityControls(FigurePanel& panel, ExplorerState&) {
    auto* box = new QWidget;
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* which = new QComboBox(box);
    which->setObjectName(QStringLiteral("identity"));
    which->addItem(QStringLiteral("relativity  R_mᵀR_n = R_(n−m)"), QStringLiteral("relativity"));
    which->addItem(QStringLiteral("composition  R_mR_n = R_(m+n)"), QStringLiteral("composition"));
    which->addItem(QStringLiteral("orthogonality  R_mᵀR_m = I"), QStringLiteral("orthogonality"));
    which->setToolTip(QStringLiteral("Which identity's residual matrix is drawn."));
    auto* label = new QLabel(QStringLiteral("&Identity:"), box);
    label->setBuddy(which);
    layout->addWidget(label);
    layout->addWidget(which);
    layout->addStretch(1);
    QObject::connect(which, &QComboBox::currentIndexChanged, &panel, [&panel, which] {
        panel.setOption(QStringLiteral("identity"), which->currentData());
    });
    return box;
}

} // namespace rope::ui
