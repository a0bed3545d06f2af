package tesis

import (
	"fmt"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// graficar escribe las cuatro figuras (6.1 a 6.4) de un idioma.
func graficar(s *serie, idioma, dir string) error {
	nombres := map[string]string{"es": "español (FISE)", "en": "inglés (SOWPODS)"}
	figuras := []struct {
		num, titulo, eje string
		datos            [3][]float64
		escala           float64
	}{
		{"6.1", "Instancias Mano-Intervalo por turno (GADDAG: anclas)", "instancias", s.instancias, 1},
		{"6.2", "Candidatas por instancia (GADDAG: jugadas por ancla)", "candidatas por instancia", s.porInst, 1},
		{"6.3", "Candidatas por turno (GADDAG: jugadas)", "candidatas", s.candidatas, 1},
		{"6.4", "Tiempo de generar todas las jugadas", "ms por turno", s.tiempo, 1000},
	}
	for _, f := range figuras {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("Fig. %s, %s: %s", f.num, nombres[idioma], f.titulo)
		p.X.Label.Text = "turno"
		p.Y.Label.Text = f.eje
		var lineas []any
		for k, nombre := range metodos {
			var pts plotter.XYs
			for t, n := range s.turnos {
				if n < max(1, s.turnos[0]/20) { // turnos a los que llegan pocas partidas
					continue
				}
				pts = append(pts, plotter.XY{X: float64(t + 1), Y: f.datos[k][t] / float64(n) * f.escala})
			}
			lineas = append(lineas, nombre, pts)
		}
		if err := plotutil.AddLinePoints(p, lineas...); err != nil {
			return err
		}
		p.Legend.Top = true
		if err := p.Save(7*vg.Inch, 4.5*vg.Inch, filepath.Join(dir, fmt.Sprintf("%s-%s.png", idioma, f.num))); err != nil {
			return err
		}
	}
	return nil
}
