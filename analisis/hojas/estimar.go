package hojas

import (
	"math"
)

// PocasVeces es el umbral de [Resumen.PocoVistas]: una hoja vista menos
// veces depende sobre todo de su previa.
const PocasVeces = 100

// minParaFuerza es cuántas veces tiene que estar vista una hoja para entrar
// en la estimación de la fuerza de la previa de su tamaño.
const minParaFuerza = 20

// Resumen describe una tabla aprendida con [Muestras.Tabla].
type Resumen struct {
	// Manos es cuántas manos se anotaron; Base, su equidad media.
	Manos int
	Base  float64
	// PocoVistas es cuántas hojas estuvieron en menos de [PocasVeces]
	// manos, y SinVer cuántas en ninguna.
	PocoVistas, SinVer int
	// Fuerza[k] es la fuerza de la previa de las hojas de k fichas, en
	// manos: el valor de una hoja vista n veces es (n·media + Fuerza·previa)
	// / (n + Fuerza). Ruido[k] es el desvío de la equidad de una mano
	// alrededor de la media de su hoja, y Dispersion[k] el de las hojas
	// alrededor de su previa, los dos en puntos.
	Fuerza, Ruido, Dispersion []float64
	// Posiciones es cuántas posiciones se anotaron para la probabilidad de
	// ganar.
	Posiciones int
}

// Tabla devuelve la tabla que aprenden las muestras, con su resumen.
//
// Para cada hoja H vista en n manos, media(H) es la equidad media de las
// manos que la contenían (cada una con el peso de [Muestras.Anotar]) menos
// la de todas las manos. Las hojas se estiman
// de menor a mayor: la previa de una hoja de una ficha es 0; la de una de
// dos, la suma de sus fichas; la de una de k ≥ 3, el promedio sobre cada
// ficha x de H de V(H − x) + V(x) + Σ_{y ∈ H − x} (V(xy) − V(x) − V(y)):
// la sub-hoja sin x más lo que x agrega según los valores ya estimados de
// las fichas y los pares (exacto si las fichas solo interactúan de a
// pares). El valor es (n·media + F·previa)/(n + F), con la fuerza F de cada
// tamaño estimada de los datos (Bayes empírico): F = σ²/τ², con σ² la
// varianza de una mano alrededor de la media de su hoja y τ² la de las
// medias de las hojas vistas al menos 20 veces alrededor de su previa,
// descontado el ruido y con un desvío de al menos un punto. Una hoja nunca
// vista vale su previa.
//
// Las probabilidades de ganar se ajustan, para cada cantidad de fichas no
// vistas u, como una logística en la diferencia por máxima verosimilitud
// con las posiciones de u vecinos (pesos gaussianos de desvío 2), con
// pendiente positiva.
func (m *Muestras) Tabla() (*Tabla, Resumen) {
	f := m.forma
	t := &Tabla{forma: f, valores: make([]int16, f.total)}
	res := Resumen{Manos: m.Manos(), Fuerza: make([]float64, f.max+1), Ruido: make([]float64, f.max+1), Dispersion: make([]float64, f.max+1)}
	for _, x := range m.partidas {
		res.Posiciones += int(x)
	}
	t.victorias = m.victorias()
	if m.cuenta[0] == 0 {
		res.PocoVistas, res.SinVer = f.total-1, f.total-1
		return t, res
	}
	base := float64(m.suma[0]) / float64(m.cuenta[0])
	res.Base = base * Resolucion

	// Tamaño de cada hoja, y sumas por tamaño para la varianza interna.
	tam := make([]int8, f.total)
	var vistas [64]float64       // hojas vistas de cada tamaño
	var entre, pesos [64]float64 // Σ suma²/peso, Σ peso
	f.recorrer(func(pos int, n []int8) {
		k := 0
		for _, x := range n {
			k += int(x)
		}
		tam[pos] = int8(k)
		if c := m.cuenta[pos]; c > 0 {
			vistas[k]++
			entre[k] += float64(m.suma[pos]) * float64(m.suma[pos]) / float64(m.peso[pos])
			pesos[k] += float64(m.peso[pos])
		}
		if pos > 0 && m.cuenta[pos] < PocasVeces {
			res.PocoVistas++
			if m.cuenta[pos] == 0 {
				res.SinVer++
			}
		}
	})
	valor := make([]float64, f.total) // en centésimos
	previa := make([]float64, f.total)
	media := func(pos int) float64 { return float64(m.suma[pos])/float64(m.peso[pos]) - base }

	// Valores de una y de dos fichas, para las previas.
	S := len(f.letras)
	uno := make([]int, S)
	dos := make([]int, S*S)
	n := make([]int8, S)
	for s := range S {
		n[s] = 1
		uno[s] = f.posicionCuentas(n)
		n[s] = 0
	}
	for s := range S {
		for s2 := s; s2 < S && f.max >= 2; s2++ {
			if s == s2 && f.tope[s] < 2 {
				continue
			}
			n[s]++
			n[s2]++
			dos[s*S+s2] = f.posicionCuentas(n)
			dos[s2*S+s] = dos[s*S+s2]
			n[s], n[s2] = 0, 0
		}
	}
	interaccion := func(a, b int) float64 { return valor[dos[a*S+b]] - valor[uno[a]] - valor[uno[b]] }

	for k := 1; k <= f.max; k++ {
		// Previas de las hojas de k fichas.
		f.recorrer(func(pos int, n []int8) {
			if int(tam[pos]) != k {
				return
			}
			switch k {
			case 1:
				previa[pos] = 0
			case 2:
				p := 0.0
				for s, x := range n {
					p += float64(x) * valor[uno[s]]
				}
				previa[pos] = p
			default:
				p := 0.0
				for s, x := range n {
					if x == 0 {
						continue
					}
					n[s]--
					q := valor[f.posicionCuentas(n)] + valor[uno[s]]
					for s2, y := range n {
						if y > 0 {
							q += float64(y) * interaccion(s, s2)
						}
					}
					n[s]++
					p += float64(x) * q
				}
				previa[pos] = p / float64(k)
			}
		})
		// Fuerza de la previa: σ² dentro de las hojas, τ² entre las
		// hojas y sus previas.
		sigma2 := 0.0
		if gl := pesos[k] - vistas[k]; gl > 0 {
			sigma2 = max(0, (float64(m.cuadrados[k])-entre[k])/gl)
		}
		var tau2, cuantas float64
		for pos := range f.total {
			if int(tam[pos]) == k && m.cuenta[pos] >= minParaFuerza {
				d := media(pos) - previa[pos]
				tau2 += d*d - sigma2/float64(m.cuenta[pos])
				cuantas++
			}
		}
		tau2 = max(tau2/max(cuantas, 1), 1/(Resolucion*Resolucion)) // al menos un punto de desvío
		fuerza := sigma2 / tau2
		res.Fuerza[k] = fuerza
		res.Ruido[k] = math.Sqrt(sigma2) * Resolucion
		res.Dispersion[k] = math.Sqrt(tau2) * Resolucion
		for pos := range f.total {
			if int(tam[pos]) != k {
				continue
			}
			if c := float64(m.cuenta[pos]); c > 0 {
				valor[pos] = (c*media(pos) + fuerza*previa[pos]) / (c + fuerza)
			} else {
				valor[pos] = previa[pos]
			}
			t.valores[pos] = int16(max(math.MinInt16, min(math.MaxInt16, math.Round(valor[pos]))))
		}
	}
	return t, res
}

// victorias ajusta las rectas de ProbabilidadDeGanar (ver Muestras.Tabla).
func (m *Muestras) victorias() []recta {
	const ancho = 2*MaxDiferencia + 1
	const escala = 100.0 // la diferencia, en centenas de puntos, para el ajuste
	rectas := make([]recta, m.noVistas)
	hay := make([]bool, m.noVistas)
	total := 0
	for u := 1; u < m.noVistas; u++ {
		a, b := 0.0, 1.0
		var peso float64
		for it := 0; it < 30; it++ {
			var g0, g1, h00, h01, h11 float64
			peso = 0
			for v := max(1, u-6); v <= min(m.noVistas-1, u+6); v++ {
				kv := math.Exp(-float64((u-v)*(u-v)) / 8)
				for d := range ancho {
					n := float64(m.partidas[v*ancho+d])
					if n == 0 {
						continue
					}
					w := float64(m.ganadas[v*ancho+d]) / 2
					x := float64(d-MaxDiferencia) / escala
					p := 1 / (1 + math.Exp(-(a + b*x)))
					g0 += kv * (w - n*p)
					g1 += kv * (w - n*p) * x
					q := kv * n * p * (1 - p)
					h00 += q
					h01 += q * x
					h11 += q * x * x
					peso += kv * n
				}
			}
			det := h00*h11 - h01*h01
			if peso == 0 || det <= 1e-12 {
				break
			}
			da := (h11*g0 - h01*g1) / det
			db := (h00*g1 - h01*g0) / det
			a, b = a+da, b+db
			if math.Abs(da) < 1e-9 && math.Abs(db) < 1e-9 {
				break
			}
		}
		if peso >= 50 && b > 0 && !math.IsNaN(a) && !math.IsNaN(b) {
			rectas[u] = recta{float32(a), float32(b / escala)}
			hay[u] = true
			total++
		}
	}
	if total == 0 {
		return nil
	}
	// Las cantidades sin datos toman la recta de la más cercana con datos.
	for u := range rectas {
		if hay[u] {
			continue
		}
		for d := 1; ; d++ {
			if u-d >= 0 && hay[u-d] {
				rectas[u] = rectas[u-d]
				break
			}
			if u+d < len(rectas) && hay[u+d] {
				rectas[u] = rectas[u+d]
				break
			}
		}
	}
	return rectas
}
