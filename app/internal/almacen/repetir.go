package almacen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Variantes da la variante de un diccionario en una versión (0: la actual).
// Catalogo la implementa.
type Variantes interface {
	Variante(ctx context.Context, diccionario string, version int) (*variante.Variante, error)
}

// nuevoJuego empieza el juego de la partida p con la variante v.
func nuevoJuego(p Partida, v *variante.Variante) (*juego.Juego, error) {
	k := len(p.Asientos)
	bolsa, err := v.Repositorio(k, p.Semilla)
	if err != nil {
		return nil, fmt.Errorf("%w: partida %d: %w", ErrPartidaCorrupta, p.ID, err)
	}
	j, err := juego.Nuevo(k, v, bolsa)
	if err != nil {
		return nil, fmt.Errorf("%w: partida %d: %w", ErrPartidaCorrupta, p.ID, err)
	}
	return j, nil
}

// aplicar hace el movimiento m en j y devuelve los puntos que sumó. Si falla
// j puede haber cambiado (AsignarMano): quien llama trabaja sobre una copia.
func aplicar(j *juego.Juego, m Movimiento) (int, error) {
	if m.Tipo != juego.SucesoAjuste && m.Jugador != j.Turno() {
		return 0, fmt.Errorf("el movimiento es del asiento %d pero el turno es del %d", m.Jugador, j.Turno())
	}
	if m.ConMano {
		if err := j.AsignarMano(m.Jugador, m.Mano); err != nil {
			return 0, err
		}
	}
	if !m.Proximas.Vacio() {
		if err := j.ProximasFichas(m.Proximas); err != nil {
			return 0, err
		}
	}
	switch m.Tipo {
	case juego.SucesoColocacion:
		return j.Ubicar(m.Jugada)
	case juego.SucesoPase:
		return 0, j.Pasar()
	case juego.SucesoCambio:
		return 0, j.Cambiar(m.Cambiadas)
	case juego.SucesoAjuste:
		return m.Puntos, j.Ajustar(m.Jugador, m.Puntos)
	}
	return 0, fmt.Errorf("tipo de movimiento %v", m.Tipo)
}

// Reconstruir repite los movimientos de p sobre un juego nuevo de la
// variante v (la de su diccionario y versión), con la bolsa de su semilla,
// y devuelve el juego tal como quedó: el mismo tablero, las mismas manos,
// la misma bolsa y el mismo turno. Comprueba cada movimiento y sus puntos;
// si alguno no se puede repetir devuelve un error que envuelve a
// ErrPartidaCorrupta y dice cuál.
func Reconstruir(p Partida, v *variante.Variante) (*juego.Juego, error) {
	if v == nil {
		return nil, fmt.Errorf("%w: falta la variante", ErrPartidaCorrupta)
	}
	j, err := nuevoJuego(p, v)
	if err != nil {
		return nil, err
	}
	for i, m := range p.Movimientos {
		pts, err := aplicar(j, m)
		if err == nil && pts != m.Puntos {
			err = fmt.Errorf("suma %d puntos y se guardaron %d", pts, m.Puntos)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: partida %d, movimiento %d: %w", ErrPartidaCorrupta, p.ID, i, err)
		}
	}
	return j, nil
}

// ExportarGCG escribe la partida p, jugada con la variante v, en GCG
// (juego/gcg), con los nombres de sus jugadores (los apodos son los nombres
// sin espacios; los que falten se llaman j1, j2…). El encabezado lleva
// "#title" con el nombre de la partida y "#lexicon" con el del diccionario
// (y su versión si no es la primera: "fise-v3").
//
// Una partida que terminó porque alguien se rindió o perdió por tiempo
// (un ajuste con AjusteAbandono o AjusteBandera al final) no se escribe con
// ese ajuste, que GCG leería como un premio o una penalización: el registro
// termina con la última jugada, con los puntajes que había, y una nota
// ("#note Ana resigned", "#note Ana lost on time"). Las penalizaciones por
// tiempo (AjusteTiempo) sí son "(time)".
func ExportarGCG(w io.Writer, p Partida, v *variante.Variante, nombres []string) error {
	nota := ""
	if n := len(p.Movimientos); n > 0 && p.Movimientos[n-1].Tipo == juego.SucesoAjuste {
		ultimo := p.Movimientos[n-1]
		motivo := ultimo.Motivo
		if motivo == AjusteOtro && p.Estado == Terminada {
			// Una partida guardada antes de que los ajustes tuvieran motivo:
			// un ajuste final en un juego que no terminó por las reglas es
			// un abandono.
			previa := p
			previa.Movimientos = p.Movimientos[:n-1]
			if j, err := Reconstruir(previa, v); err == nil {
				if _, fin := j.Terminada(); !fin {
					motivo = AjusteAbandono
				}
			}
		}
		if motivo.Pierde() {
			quien := fmt.Sprintf("j%d", ultimo.Jugador+1)
			if ultimo.Jugador < len(nombres) && nombres[ultimo.Jugador] != "" {
				quien = unaLinea(nombres[ultimo.Jugador])
			}
			nota = "#note " + quien + " resigned"
			if motivo == AjusteBandera {
				nota = "#note " + quien + " lost on time"
			}
			p.Movimientos = p.Movimientos[:n-1]
		}
	}
	j, err := Reconstruir(p, v)
	if err != nil {
		return err
	}
	gp := &gcg.Partida{Juego: j}
	for i := range p.Asientos {
		apodo := fmt.Sprintf("j%d", i+1)
		nombre := apodo
		if i < len(nombres) && nombres[i] != "" {
			nombre = unaLinea(nombres[i])
			apodo = sinEspacios(nombre)
		}
		gp.Jugadores = append(gp.Jugadores, gcg.Jugador{Apodo: apodo, Nombre: nombre})
	}
	if t := unaLinea(p.Nombre); t != "" {
		gp.Pragmas = append(gp.Pragmas, "#title "+t)
	}
	if lex := unaLinea(p.Diccionario); lex != "" {
		if p.Version > 1 {
			lex += fmt.Sprintf("-v%d", p.Version)
		}
		gp.Pragmas = append(gp.Pragmas, "#lexicon "+sinEspacios(lex))
	}
	if err := gcg.Escribir(w, gp); err != nil {
		return err
	}
	if nota != "" {
		_, err = fmt.Fprintln(w, nota)
	}
	return err
}

// unaLinea devuelve s sin saltos de línea ni espacios en los bordes (un
// pragma GCG es una línea).
func unaLinea(s string) string {
	return strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s))
}

func sinEspacios(s string) string {
	b := []rune(s)
	for i, r := range b {
		if r == ' ' || r == '\t' || r == ':' {
			b[i] = '_'
		}
	}
	return string(b)
}

// MovimientosGCG lee una partida GCG con la variante v y devuelve sus
// movimientos, cada uno con la mano registrada (ConMano), listos para
// guardarse, y sus jugadores. Los ajustes finales no son movimientos: el
// juego los hace solo. Los errores son los de gcg.Leer (*gcg.ErrorLinea).
func MovimientosGCG(r io.Reader, v *variante.Variante) ([]Movimiento, []gcg.Jugador, error) {
	gp, err := gcg.Leer(r, gcg.Opciones{Variante: v})
	if err != nil {
		return nil, nil, err
	}
	var movs []Movimiento
	sucesos := gp.Juego.Sucesos()
	for x, s := range sucesos {
		m := Movimiento{Tipo: s.Tipo, Jugador: s.Jugador, Puntos: s.Puntos}
		switch s.Tipo {
		case juego.SucesoFin:
			continue
		case juego.SucesoColocacion:
			m.Jugada = s.Jugada
		case juego.SucesoCambio:
			m.Cambiadas = s.Cambiadas
		}
		if s.Tipo != juego.SucesoAjuste {
			m.Mano, m.ConMano = s.Mano, true
			m.Proximas = proximas(sucesos, x)
		}
		movs = append(movs, m)
	}
	return movs, gp.Jugadores, nil
}

// ImportarGCG lee una partida GCG y la guarda en a como la partida np (sus
// asientos deben ser tantos como los jugadores del GCG), con la variante que
// vs da para su diccionario. La partida queda terminada si el GCG lo está.
// Si algo falla no queda nada guardado.
func ImportarGCG(ctx context.Context, a Partidas, vs Variantes, np NuevaPartida, r io.Reader) (Partida, error) {
	v, err := vs.Variante(ctx, np.Diccionario, np.Version)
	if err != nil {
		return Partida{}, err
	}
	movs, jugadores, err := MovimientosGCG(r, v)
	if err != nil {
		return Partida{}, err
	}
	if len(jugadores) != len(np.Asientos) {
		return Partida{}, fmt.Errorf("%w: el GCG tiene %d jugadores y la partida %d asientos", ErrAsientosInvalidos, len(jugadores), len(np.Asientos))
	}
	p, err := a.CrearPartida(ctx, np)
	if err != nil {
		return Partida{}, err
	}
	deshacer := func(err error) (Partida, error) {
		return Partida{}, errors.Join(err, a.BorrarPartida(context.WithoutCancel(ctx), p.ID))
	}
	if v, err = vs.Variante(ctx, p.Diccionario, p.Version); err != nil {
		return deshacer(err)
	}
	j, err := nuevoJuego(p, v)
	if err != nil {
		return deshacer(err)
	}
	for i, m := range movs {
		if _, err := aplicar(j, m); err != nil {
			return deshacer(fmt.Errorf("%w: movimiento %d: %w", ErrPartidaCorrupta, i, err))
		}
		if err := a.AgregarMovimiento(ctx, p.ID, i, m, resultadoSiTermino(j)); err != nil {
			return deshacer(err)
		}
	}
	return a.Partida(ctx, p.ID)
}

// resultadoSiTermino devuelve el resultado de j si terminó, o nil.
func resultadoSiTermino(j *juego.Juego) *Resultado {
	if _, fin := j.Terminada(); !fin {
		return nil
	}
	r := &Resultado{Puntajes: make([]int, j.Jugadores())}
	for i := range r.Puntajes {
		r.Puntajes[i], _ = j.Puntaje(i)
	}
	return r
}

// proximas devuelve las fichas que el jugador del turno x de sucesos sacó
// después de ese turno: su mano siguiente menos lo que conservó, si se sabe.
func proximas(sucesos []juego.Suceso, x int) letra.Multiconjunto {
	s := sucesos[x]
	quedan := s.Mano
	switch s.Tipo {
	case juego.SucesoColocacion:
		quedan = s.Mano.Diferencia(s.Jugada.DeLaMano())
	case juego.SucesoCambio:
		quedan = s.Mano.Diferencia(s.Cambiadas)
	default:
		return letra.Multiconjunto{}
	}
	for _, t := range sucesos[x+1:] {
		if t.Jugador != s.Jugador || t.Tipo > juego.SucesoCambio {
			continue
		}
		if t.Mano.Incluye(quedan) {
			return t.Mano.Diferencia(quedan)
		}
		break
	}
	return letra.Multiconjunto{}
}
