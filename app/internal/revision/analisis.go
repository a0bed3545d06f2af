package revision

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Version es la versión del análisis: una revisión guardada con otra se
// rehace (almacen.Revisiones.SinRevision la da como pendiente).
const Version = 2 // 2: las hojas del experto (la tabla aprendida), no siempre las lineales

// Metodo describe el análisis para la página.
const Metodo = "equidad estática (puntos + valor de la hoja, bot experto)"

// MaxOpciones es cuántas opciones guarda el análisis de cada turno.
const MaxOpciones = 5

// ErrNoTerminada es el error de Revisar una partida que todavía no
// terminó.
var ErrNoTerminada = errors.New("revision: la partida todavía no terminó")

// Opcion es una jugada posible de un turno, con su valor: los puntos, la
// hoja que deja (la mano menos lo que pone o cambia), el valor de la hoja
// y la equidad, la suma de los dos (redondeados a la décima).
type Opcion struct {
	Tipo      string   `json:"tipo"` // "jugada", "cambio" o "pase"
	Palabra   string   `json:"palabra,omitempty"`
	Lugar     string   `json:"lugar,omitempty"`
	Fichas    []Ficha  `json:"fichas,omitempty"`
	Cambia    []string `json:"cambia,omitempty"`
	Puntos    int      `json:"puntos"`
	Hoja      []string `json:"hoja"`
	ValorHoja float64  `json:"valorHoja"`
	Equidad   float64  `json:"equidad"`
}

// Turno es el análisis de un turno: el movimiento N de la partida, del
// asiento Jugador con la mano Mano; la jugada que hizo, las mejores (a lo
// sumo MaxOpciones, de más a menos equidad) y la equidad que perdió frente
// a la mejor.
type Turno struct {
	N       int      `json:"n"`
	Jugador int      `json:"jugador"`
	Mano    []string `json:"mano"`
	Jugada  Opcion   `json:"jugada"`
	Mejores []Opcion `json:"mejores"`
	Perdida float64  `json:"perdida"` // equidad perdida frente a la mejor (≥ 0)
}

// Analisis es el análisis de una partida: sus turnos (los movimientos que
// no son ajustes) y, por asiento, la suma de lo perdido y cuántos turnos
// no perdieron nada (menos de 0,05).
type Analisis struct {
	Version  int       `json:"version"`
	Metodo   string    `json:"metodo"`
	Turnos   []Turno   `json:"turnos"`
	Perdidas []float64 `json:"perdidas"` // la suma de cada asiento
	Exactas  []int     `json:"exactas"`  // sus turnos sin pérdida
}

// Pausa, si no es nil, la llama Analizar antes de cada turno con lo que
// tardó en analizar el anterior (0 antes del primero): quien analiza junto
// a otro trabajo más urgente (el respaldo local del sitio) espera ahí a
// que el procesador esté libre. Un error la corta y Analizar lo devuelve.
type Pausa func(ctx context.Context, trabajo time.Duration) error

// Analizar calcula el análisis de la partida p, de la variante v (con su
// generador g). p debe ser una partida guardada de v: si un movimiento no
// se puede repetir devuelve el error (almacen.ErrPartidaCorrupta); no
// hace falta que haya terminado (se analizan los turnos que tiene).
// Devuelve el error de ctx si se cancela.
func Analizar(ctx context.Context, p almacen.Partida, v *variante.Variante, g generador.Generador, pausa Pausa) (*Analisis, error) {
	hs, ok := bot.ValoracionPara(v)
	if !ok {
		hs = sinHojas{} // sin hojas para el alfabeto: solo los puntos
	}
	res := &Analisis{Version: Version, Metodo: Metodo, Turnos: []Turno{},
		Perdidas: make([]float64, len(p.Asientos)), Exactas: make([]int, len(p.Asientos))}
	var trabajo time.Duration
	for n, mov := range p.Movimientos {
		if mov.Tipo > juego.SucesoCambio {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if pausa != nil {
			if err := pausa(ctx, trabajo); err != nil {
				return nil, err
			}
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
		trabajo = time.Since(inicio)
	}
	return res, nil
}

// Almacen es lo que Revisar usa del almacén: las partidas y sus
// revisiones.
type Almacen interface {
	almacen.Partidas
	almacen.Revisiones
}

// Revisar analiza la partida terminada id del almacén a (sus variantes y
// generadores, de cat) y guarda el análisis, salvo que ya tenga uno de
// esta Version: entonces no hace nada. Devuelve si lo calculó. Errores:
// almacen.ErrPartidaInexistente, ErrNoTerminada, los de la partida
// guardada (almacen.ErrPartidaCorrupta), los del almacén y el de ctx.
func Revisar(ctx context.Context, a Almacen, cat *almacen.Catalogo, id int64, pausa Pausa) (bool, error) {
	if _, version, err := a.Revision(ctx, id); err == nil && version == Version {
		return false, nil // ya está: lo hizo otro
	} else if err != nil && !errors.Is(err, almacen.ErrRevisionInexistente) {
		return false, err
	}
	p, err := a.Partida(ctx, id)
	if err != nil {
		return false, err
	}
	if p.Estado != almacen.Terminada {
		return false, fmt.Errorf("partida %d: %w", id, ErrNoTerminada)
	}
	v, err := cat.Variante(ctx, p.Diccionario, p.Version)
	if err != nil {
		return false, err
	}
	g, err := cat.Generador(v)
	if err != nil {
		return false, err
	}
	res, err := Analizar(ctx, p, v, g, pausa)
	if err != nil {
		return false, err
	}
	datos, err := json.Marshal(res)
	if err != nil {
		return false, err
	}
	if err := a.GuardarRevision(ctx, id, Version, datos); err != nil {
		return false, err
	}
	return true, nil
}

// sinHojas valen 0 para toda hoja.
type sinHojas struct{}

// Valor devuelve 0.
func (sinHojas) Valor(letra.Multiconjunto) float64 { return 0 }
