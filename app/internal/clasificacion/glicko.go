package clasificacion

import "math"

// Rating es la fuerza de un jugador en Glicko-2, en la escala de Glicko
// (1500 es un jugador nuevo): el Valor, su Desviacion (RD) y la Volatilidad.
type Rating struct {
	Valor       float64
	Desviacion  float64
	Volatilidad float64
}

// Valores de un jugador nuevo y la constante del sistema.
const (
	ValorInicial       = 1500
	DesviacionInicial  = 350
	VolatilidadInicial = 0.06
	// Tau limita cuánto puede cambiar la volatilidad (Glickman sugiere
	// entre 0,3 y 1,2).
	Tau = 0.5
	// DesviacionMinima evita que un jugador con miles de partidas deje de
	// moverse.
	DesviacionMinima = 30
)

const escala = 173.7178

// Nuevo devuelve el rating de un jugador sin partidas.
func Nuevo() Rating {
	return Rating{Valor: ValorInicial, Desviacion: DesviacionInicial, Volatilidad: VolatilidadInicial}
}

// Conservador devuelve Valor − 2·Desviacion: el rating que el jugador tiene
// con un 95 % de confianza.
func (r Rating) Conservador() float64 { return r.Valor - 2*r.Desviacion }

// Resultado es el resultado de una partida contra un rival: el rating del
// rival antes de la partida y los puntos obtenidos (1 ganó, 0,5 empate, 0
// perdió).
type Resultado struct {
	Rival  Rating
	Puntos float64
}

// Actualizar devuelve el rating de r después de un período de Glicko-2 con
// los resultados dados (el paso 1 a 8 de Glickman). Sin resultados solo crece
// la desviación. Valores fuera de rango (desviación o volatilidad no
// positivas, puntos fuera de [0, 1]) se llevan al rango válido: nunca
// devuelve NaN.
func Actualizar(r Rating, resultados []Resultado) Rating {
	r = sano(r)
	mu := (r.Valor - ValorInicial) / escala
	phi := r.Desviacion / escala
	sigma := r.Volatilidad
	if len(resultados) == 0 {
		phi = math.Min(math.Sqrt(phi*phi+sigma*sigma), DesviacionInicial/escala)
		return Rating{Valor: r.Valor, Desviacion: phi * escala, Volatilidad: sigma}
	}
	var inv, delta float64
	for _, res := range resultados {
		o := sano(res.Rival)
		muj := (o.Valor - ValorInicial) / escala
		phij := o.Desviacion / escala
		g := 1 / math.Sqrt(1+3*phij*phij/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muj)))
		s := math.Max(0, math.Min(1, res.Puntos))
		inv += g * g * e * (1 - e)
		delta += g * (s - e)
	}
	v := 1 / inv
	delta *= v
	// Paso 5: la nueva volatilidad (método de Illinois).
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	const eps = 1e-6
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 && k < 100 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)
	phiAst := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiAst*phiAst)+1/v)
	mu2 := mu + phi2*phi2*delta/v
	nuevo := Rating{Valor: mu2*escala + ValorInicial, Desviacion: math.Max(phi2*escala, DesviacionMinima), Volatilidad: sigma2}
	if math.IsNaN(nuevo.Valor) || math.IsNaN(nuevo.Desviacion) || math.IsNaN(nuevo.Volatilidad) {
		return r
	}
	return nuevo
}

func sano(r Rating) Rating {
	if !(r.Desviacion > 0) || r.Desviacion > DesviacionInicial {
		r.Desviacion = DesviacionInicial
	}
	if !(r.Volatilidad > 0) || r.Volatilidad > 1 {
		r.Volatilidad = VolatilidadInicial
	}
	if math.IsNaN(r.Valor) || math.IsInf(r.Valor, 0) {
		r.Valor = ValorInicial
	}
	return r
}

// Partida devuelve los ratings de los jugadores de una partida después de
// jugarla: antes son sus ratings antes de la partida y puntajes sus puntajes
// finales, en el mismo orden. Cada jugador juega contra cada uno de los
// demás: gana si sacó más puntos, empata si sacó los mismos. Si los largos no
// coinciden devuelve antes sin cambios.
func Partida(antes []Rating, puntajes []int) []Rating {
	despues := append([]Rating(nil), antes...)
	if len(antes) != len(puntajes) {
		return despues
	}
	res := make([]Resultado, 0, len(antes))
	for i := range antes {
		res = res[:0]
		for k := range antes {
			if k == i {
				continue
			}
			s := 0.5
			if puntajes[i] > puntajes[k] {
				s = 1
			} else if puntajes[i] < puntajes[k] {
				s = 0
			}
			res = append(res, Resultado{Rival: antes[k], Puntos: s})
		}
		despues[i] = Actualizar(antes[i], res)
	}
	return despues
}
