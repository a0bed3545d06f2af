package almacen

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/juego"
)

// Errores de un archivo dañado o tomado por otro proceso. Como los demás,
// se devuelven envueltos y se comparan con errors.Is.
var (
	// ErrDanado: la estructura del archivo del almacén está dañada (lo que
	// dice la verificación de SQLite al abrirlo, o una lectura de una
	// página rota): no se abre, para no perder ni mezclar nada. Las
	// partidas dañadas de un archivo sano son ErrPartidaCorrupta.
	ErrDanado = errors.New("almacen: el archivo está dañado")
	// ErrOcupado: otro proceso tiene tomado el archivo y no lo soltó antes
	// del plazo de la llamada (su contexto, o la espera máxima del
	// almacén). Si venció el contexto, el error también envuelve a
	// context.DeadlineExceeded.
	ErrOcupado = errors.New("almacen: el archivo está tomado por otro proceso")
)

// PartidaDanada es una partida guardada que no se puede reanudar tal como
// se jugó: su identificador y por qué (un error que envuelve a
// ErrPartidaCorrupta).
type PartidaDanada struct {
	ID  int64
	Err error
}

// String devuelve "partida 7: …".
func (d PartidaDanada) String() string { return fmt.Sprintf("partida %d: %v", d.ID, d.Err) }

// Verificar comprueba que cada partida en curso de a se pueda reanudar tal
// como quedó: que sus movimientos guardados se repitan sobre su variante
// (Reconstruir) y lleven al estado que la partida dice tener (en curso, con
// tantos movimientos como los guardados). Si a sabe qué partidas encontró
// dañadas al abrirse (como app/internal/almacen/sqlite: Danadas), también las
// incluye. Devuelve las dañadas por identificador, o el error de a o de vs
// si no pudo verificar (también si vence ctx).
func Verificar(ctx context.Context, a Partidas, vs Variantes) ([]PartidaDanada, error) {
	var res []PartidaDanada
	if d, ok := a.(interface{ Danadas() []PartidaDanada }); ok {
		res = append(res, d.Danadas()...)
	}
	enCurso, err := a.Partidas(ctx, Filtro{Estado: EnCurso})
	if err != nil {
		return nil, err
	}
	for _, r := range enCurso {
		if slices.ContainsFunc(res, func(d PartidaDanada) bool { return d.ID == r.ID }) {
			continue
		}
		p, err := a.Partida(ctx, r.ID)
		if errors.Is(err, ErrPartidaCorrupta) {
			res = append(res, PartidaDanada{ID: r.ID, Err: err})
			continue
		}
		if err != nil {
			return nil, err
		}
		v, err := vs.Variante(ctx, p.Diccionario, p.Version)
		if err != nil {
			return nil, err
		}
		j, err := Reconstruir(p, v)
		if err == nil {
			err = comprobarEstado(p, j)
		}
		if err != nil {
			res = append(res, PartidaDanada{ID: r.ID, Err: err})
		}
	}
	slices.SortFunc(res, func(x, y PartidaDanada) int { return int(min(max(x.ID-y.ID, -1), 1)) })
	return res, nil
}

// comprobarEstado comprueba que el juego j, que sale de repetir los
// movimientos de p, esté como p dice: en curso si p está en curso; si p
// terminó, terminado (o con un ajuste al final: un abandono) y con los
// puntajes guardados.
func comprobarEstado(p Partida, j *juego.Juego) error {
	_, termino := j.Terminada()
	mal := func(formato string, args ...any) error {
		return fmt.Errorf("%w: partida %d: "+formato, append([]any{ErrPartidaCorrupta, p.ID}, args...)...)
	}
	switch p.Estado {
	case EnCurso:
		if termino {
			return mal("está en curso y sus %d movimientos terminan la partida", len(p.Movimientos))
		}
	case Terminada:
		n := len(p.Movimientos)
		if !termino && (n == 0 || p.Movimientos[n-1].Tipo != juego.SucesoAjuste) {
			return mal("terminó y sus %d movimientos no terminan la partida", n)
		}
		if len(p.Puntajes) != j.Jugadores() {
			return mal("terminó con %d puntajes y tiene %d asientos", len(p.Puntajes), j.Jugadores())
		}
		for i, x := range p.Puntajes {
			if y, _ := j.Puntaje(i); x != y {
				return mal("el asiento %d terminó con %d puntos y sus movimientos suman %d", i, x, y)
			}
		}
	default:
		return mal("estado desconocido %v", p.Estado)
	}
	return nil
}
