package sitio

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// La revisión de una partida terminada: cada turno con la mano que tenía
// el jugador, y el análisis del motor, que se calcula en segundo plano
// cuando la partida termina (y, al arrancar, el de las que quedaron sin
// analizar) y se guarda en el almacén.
//
// El análisis es la equidad estática del bot experto: los puntos de la
// jugada más el valor de la hoja que deja (las hojas del experto para la
// variante, bot.ValoracionPara: la tabla aprendida de analisis/hojas en la
// clásica española; con la bolsa vacía, el doble de las fichas que quedan,
// como el experto), sobre todas las jugadas que da el generador, los cambios
// y el pase. Para cada turno guarda las cinco mejores opciones y la equidad
// que perdió la jugada hecha frente a la mejor.

// versionRevision es la versión del análisis: una revisión guardada con
// otra se rehace.
const versionRevision = 2 // 2: las hojas del experto (la tabla aprendida), no siempre las lineales

// metodoRevision describe el análisis para la página.
const metodoRevision = "equidad estática (puntos + valor de la hoja, bot experto)"

// opcion es una jugada posible de un turno, con su valor.
type opcion struct {
	Tipo      string      `json:"tipo"` // "jugada", "cambio" o "pase"
	Palabra   string      `json:"palabra,omitempty"`
	Lugar     string      `json:"lugar,omitempty"`
	Fichas    []fichaJSON `json:"fichas,omitempty"`
	Cambia    []string    `json:"cambia,omitempty"`
	Puntos    int         `json:"puntos"`
	Hoja      []string    `json:"hoja"`
	ValorHoja float64     `json:"valorHoja"`
	Equidad   float64     `json:"equidad"`
}

// analisisTurno es el análisis de un turno.
type analisisTurno struct {
	N       int      `json:"n"`
	Jugador int      `json:"jugador"`
	Mano    []string `json:"mano"`
	Jugada  opcion   `json:"jugada"`
	Mejores []opcion `json:"mejores"`
	Perdida float64  `json:"perdida"` // equidad perdida frente a la mejor (≥ 0)
}

// analisis es el análisis de una partida.
type analisis struct {
	Version  int             `json:"version"`
	Metodo   string          `json:"metodo"`
	Turnos   []analisisTurno `json:"turnos"`
	Perdidas []float64       `json:"perdidas"` // la suma de cada asiento
	Exactas  []int           `json:"exactas"`  // sus turnos sin pérdida
}

// revisionJSON es lo que recibe la página para revisar una partida.
type revisionJSON struct {
	*estado
	Manos     [][]string `json:"manosAntes"` // la mano de quien movió, antes de cada movimiento
	Analisis  *analisis  `json:"analisis,omitempty"`
	Pendiente bool       `json:"pendiente"`
}

// encargarRevision pone la partida id en la cola del análisis (si está
// llena, se analizará al arrancar de nuevo).
func (s *Sala) encargarRevision(id int64) {
	if s.op.SinAnalisis {
		return
	}
	select {
	case s.revisor <- id:
	default:
	}
}

// revisar analiza las partidas de la cola, de a una, empezando por las
// terminadas que quedaron sin analizar. Usa a lo sumo la mitad de un
// procesador (descansa tanto como trabaja) y solo cuando el servidor está
// tranquilo (esperarCalma).
func (s *Sala) revisar() {
	pendientes, err := s.almacen.SinRevision(s.ctx, versionRevision, 0)
	if err != nil && s.ctx.Err() == nil {
		s.registrar("revisiones pendientes: %v", err)
	}
	for {
		var id int64
		if len(pendientes) > 0 {
			id, pendientes = pendientes[0], pendientes[1:]
		} else {
			select {
			case <-s.ctx.Done():
				return
			case id = <-s.revisor:
			}
		}
		if _, _, err := s.almacen.Revision(s.ctx, id); err == nil {
			continue // ya está (la encargaron dos veces)
		}
		a, err := s.analizar(s.ctx, id)
		if s.ctx.Err() != nil {
			return
		}
		if err != nil {
			s.registrar("análisis de la partida %d: %v", id, err)
			continue
		}
		datos, _ := json.Marshal(a)
		if err := s.almacen.GuardarRevision(s.ctx, id, versionRevision, datos); err != nil && s.ctx.Err() == nil {
			s.registrar("guardando el análisis de la partida %d: %v", id, err)
		}
	}
}

// analizar calcula el análisis de la partida terminada id.
func (s *Sala) analizar(ctx context.Context, id int64) (*analisis, error) {
	p, err := s.almacen.Partida(ctx, id)
	if err != nil {
		return nil, err
	}
	v, err := s.cat.Variante(ctx, p.Diccionario, p.Version)
	if err != nil {
		return nil, err
	}
	g, err := s.cat.Generador(v)
	if err != nil {
		return nil, err
	}
	hs, ok := bot.ValoracionPara(v)
	if !ok {
		hs = sinHojas{} // sin hojas para el alfabeto: solo los puntos
	}
	res := &analisis{Version: versionRevision, Metodo: metodoRevision, Turnos: []analisisTurno{},
		Perdidas: make([]float64, len(p.Asientos)), Exactas: make([]int, len(p.Asientos))}
	for n, mov := range p.Movimientos {
		if mov.Tipo > juego.SucesoCambio {
			continue
		}
		if err := s.esperarCalma(ctx); err != nil {
			return nil, err
		}
		inicio := time.Now()
		previa := p
		previa.Movimientos = p.Movimientos[:n]
		j, err := almacen.Reconstruir(previa, v)
		if err != nil {
			return nil, err
		}
		t := analizarTurno(j, g, hs, mov)
		t.N = n
		res.Turnos = append(res.Turnos, t)
		res.Perdidas[t.Jugador] += t.Perdida
		if t.Perdida < 0.05 {
			res.Exactas[t.Jugador]++
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Since(inicio)):
		}
	}
	return res, nil
}

// esperarCalma espera a que el servidor esté tranquilo para analizar un
// turno más: que no haya aceptado ningún movimiento en los últimos 100 ms,
// o que hayan pasado 10 s desde el último turno analizado (así un servidor
// siempre ocupado igual analiza, despacio). El análisis no compite con las
// jugadas por el procesador.
func (s *Sala) esperarCalma(ctx context.Context) error {
	limite := time.Now().Add(10 * time.Second)
	for {
		ultimo := time.Unix(0, s.ultimoMovimiento.Load())
		if time.Since(ultimo) > 100*time.Millisecond || time.Now().After(limite) {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// tasador calcula la equidad de las opciones de un turno, como el bot
// experto.
type tasador struct {
	j     *juego.Juego
	tab   tablero.Tablero
	v     *variante.Variante
	hs    generador.Hojas
	mano  letra.Multiconjunto
	bolsa int
	rival int // el valor de las fichas de los rivales
}

func nuevoTasador(j *juego.Juego, hs generador.Hojas) *tasador {
	t := &tasador{j: j, tab: j.Tablero(), v: j.Variante(), hs: hs, bolsa: j.LetrasEnRepositorio()}
	t.mano, _ = j.Fichas(j.Turno())
	for i := range j.Jugadores() {
		if i != j.Turno() {
			m, _ := j.Fichas(i)
			for l := range m.Todas() {
				t.rival += t.v.ValorFicha(l)
			}
		}
	}
	return t
}

// hoja es el valor de conservar h: su valor en la tabla con bolsa, y con
// la bolsa vacía el doble de las fichas de los rivales si sale, o menos el
// doble de las propias si no.
func (t *tasador) hoja(h letra.Multiconjunto) float64 {
	if t.bolsa > 0 {
		return t.hs.Valor(h)
	}
	if h.Vacio() {
		return float64(2 * t.rival)
	}
	valor := 0
	for l := range h.Todas() {
		valor += t.v.ValorFicha(l)
	}
	return float64(-2 * valor)
}

func (t *tasador) colocacion(fichas []ocurrencia.Ficha, puntos int) opcion {
	o := ocurrencia.Nueva(fichas...)
	hoja := t.mano.Diferencia(o.DeLaMano())
	op := opcion{Tipo: "jugada", Fichas: fichasJSON(o, t.v.Alfabeto()), Puntos: puntos, Hoja: simbolos(hoja, t.v.Alfabeto())}
	if tab, err := t.tab.Poner(fichas...); err == nil {
		op.Palabra, op.Lugar = palabraYLugar(tab, o)
	}
	op.ValorHoja = redondear(t.hoja(hoja))
	op.Equidad = redondear(float64(puntos) + t.hoja(hoja))
	return op
}

func (t *tasador) cambio(cambiadas letra.Multiconjunto) opcion {
	hoja := t.mano.Diferencia(cambiadas)
	v := redondear(t.hoja(hoja))
	return opcion{Tipo: "cambio", Cambia: simbolos(cambiadas, t.v.Alfabeto()), Hoja: simbolos(hoja, t.v.Alfabeto()), ValorHoja: v, Equidad: v}
}

func (t *tasador) pase() opcion {
	v := redondear(t.hoja(t.mano))
	return opcion{Tipo: "pase", Hoja: simbolos(t.mano, t.v.Alfabeto()), ValorHoja: v, Equidad: v}
}

// redondear deja una décima (y nunca −0).
func redondear(x float64) float64 {
	r := math.Round(x*10) / 10
	if r == 0 {
		return 0
	}
	return r
}

// maxOpciones es cuántas opciones guarda el análisis de cada turno.
const maxOpciones = 5

// analizarTurno analiza el turno mov del jugador en turno de j.
// sinHojas valen 0 para toda hoja.
type sinHojas struct{}

// Valor devuelve 0.
func (sinHojas) Valor(letra.Multiconjunto) float64 { return 0 }

func analizarTurno(j *juego.Juego, g generador.Generador, hs generador.Hojas, mov almacen.Movimiento) analisisTurno {
	t := nuevoTasador(j, hs)
	res := analisisTurno{Jugador: j.Turno(), Mano: simbolos(t.mano, t.v.Alfabeto())}
	var mejores []opcion
	agregar := func(o opcion) {
		i := sort.Search(len(mejores), func(i int) bool { return mejores[i].Equidad < o.Equidad })
		if i < maxOpciones {
			mejores = slices.Insert(mejores, i, o)
			if len(mejores) > maxOpciones {
				mejores = mejores[:maxOpciones]
			}
		}
	}
	// Las mejores jugadas y el mejor cambio, con la búsqueda por equidad de
	// los bots y la simulación (generador.MejoresPorEquidad): se piden
	// tantas elecciones que, sin los cambios que no son el mejor, queden
	// maxOpciones.
	k := maxOpciones
	subs := 1
	for l := range letra.MaxLetras {
		subs *= t.mano.Cantidad(letra.Letra(l)) + 1
	}
	k += subs
	cambio := false
	for _, e := range generador.MejoresPorEquidad(g, j, t.mano, hojasTasador{t}, k, nil) {
		if len(mejores) == maxOpciones {
			break
		}
		switch e.Tipo {
		case juego.SucesoColocacion:
			mejores = append(mejores, t.colocacion(slices.Clone(e.Jugada.Fichas), e.Jugada.Puntos))
		case juego.SucesoCambio:
			if !cambio {
				cambio = true
				mejores = append(mejores, t.cambio(e.Cambiadas))
			}
		}
	}
	agregar(t.pase())
	switch mov.Tipo {
	case juego.SucesoColocacion:
		res.Jugada = t.colocacion(mov.Jugada.Slice(), mov.Puntos)
	case juego.SucesoCambio:
		res.Jugada = t.cambio(mov.Cambiadas)
	default:
		res.Jugada = t.pase()
	}
	res.Mejores = mejores
	if len(mejores) > 0 {
		res.Perdida = redondear(max(0, mejores[0].Equidad-res.Jugada.Equidad))
	}
	return res
}

// hojasTasador valora las hojas como el tasador (tasador.hoja), para la
// búsqueda por equidad.
type hojasTasador struct{ t *tasador }

// Valor devuelve el valor de conservar h.
func (h hojasTasador) Valor(m letra.Multiconjunto) float64 { return h.t.hoja(m) }

// Revision devuelve la revisión de la partida terminada id: la foto final
// (sin manos ocultas: la partida terminó), la mano de cada turno y el
// análisis, si ya está. Errores: ErrPartidaDesconocida, ErrNoTerminada.
func (s *Sala) Revision(ctx context.Context, id int64) (*revisionJSON, error) {
	p, err := s.cargar(ctx, id)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if p.fin == nil {
		p.mu.Unlock()
		return nil, ErrNoTerminada
	}
	foto := p.foto(-1)
	p.mu.Unlock()
	guardada, err := s.almacen.Partida(ctx, id)
	if err != nil {
		return nil, err
	}
	j, err := almacen.Reconstruir(guardada, p.v)
	if err != nil {
		return nil, err
	}
	res := &revisionJSON{estado: foto, Manos: [][]string{}}
	for _, x := range j.Sucesos() {
		if x.Tipo != juego.SucesoFin {
			res.Manos = append(res.Manos, simbolos(x.Mano, p.v.Alfabeto()))
		}
	}
	datos, version, err := s.almacen.Revision(ctx, id)
	switch {
	case err == nil && version == versionRevision:
		var a analisis
		if err := json.Unmarshal(datos, &a); err != nil {
			return nil, err
		}
		res.Analisis = &a
	case err == nil || errors.Is(err, almacen.ErrRevisionInexistente):
		res.Pendiente = !s.op.SinAnalisis
	default:
		return nil, err
	}
	return res, nil
}
